// Phone recordings: time to simulate, write and read back a Stray Scanner recording, per frame count.
// Reading is what every upload pays (ZIP entries inflated and CRC-checked, PNG maps decoded, poses
// parsed); simulating and writing are what tests and sandbox recordings pay. One core, min/median/max.
// Run: node_modules/.bin/node bench/recording-read.bench.ts [frames...]   (default 60 250 500)
import { unzipSync } from 'fflate';
import { PNG } from 'pngjs';
import { readCapture } from '../src/processing/capture/read-capture.ts';
import { decodeGreyPng } from '../src/processing/capture/stray-recording/grey-image-decoder.ts';
import { simulateRecording } from '../src/processing/recording-simulator/simulate-recording.ts';
import { writeStrayRecording } from '../src/processing/recording-simulator/write-stray-recording.ts';
import { makeSyntheticBody } from '../src/processing/synthetic-body/generate.ts';

const RUNS = 5;

function spread(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (v: number): string => v.toFixed(0).padStart(6);
  return `${f(sorted[0])} /${f(sorted[Math.floor(sorted.length / 2)])} /${f(sorted[sorted.length - 1])} ms`;
}

function timed<T>(run: () => T): [T, number] {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
}

/** CPU time (user + system, ms) of `run`: steadier than wall time on a shared machine. */
function cpuTimed<T>(run: () => T): [T, number] {
  const started = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(started);
  return [value, (used.user + used.system) / 1000];
}

const frameCounts = process.argv.slice(2).map(Number).filter((n) => Number.isInteger(n) && n >= 2);
const body = makeSyntheticBody({ sex: 'male', heightM: 1.78, fatness: 0.5, seed: 1 });
const mesh = { positionsM: body.mesh.positions, indices: body.mesh.indices };
console.log(`body mesh: ${mesh.positionsM.length / 3} vertices, ${mesh.indices.length / 3} triangles; ${RUNS} runs each, min / median / max`);
for (const frames of frameCounts.length > 0 ? frameCounts : [60, 250, 500]) {
  for (const mode of ['walk', 'turn'] as const) {
    const simulateTimes: number[] = [];
    const writeTimes: number[] = [];
    const readTimes: number[] = [];
    const readCpu: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const [simulated, simulateMs] = timed(() => simulateRecording(mesh, { mode, seed: run + 1, frames }));
      const [zip, writeMs] = timed(() => writeStrayRecording(simulated.recording));
      const [, readMs] = timed(() => readCapture(zip));
      readCpu.push(cpuTimed(() => readCapture(zip))[1]);
      simulateTimes.push(simulateMs);
      writeTimes.push(writeMs);
      readTimes.push(readMs);
      bytes = zip.length;
    }
    const perFrame = [...readTimes].sort((a, b) => a - b)[Math.floor(RUNS / 2)] / frames;
    console.log(`${String(frames).padStart(4)} frames ${mode.padEnd(4)} ${(bytes / 2 ** 20).toFixed(1).padStart(5)} MiB | read ${spread(readTimes)} (${perFrame.toFixed(2)} ms/frame), CPU ${spread(readCpu)} | simulate ${spread(simulateTimes)} | write ${spread(writeTimes)}`);
  }
}
// The depth-map decoder against pngjs (what one would reach for) on the 250 depth PNGs of one recording.
{
  const zip = writeStrayRecording(simulateRecording(mesh, { mode: 'turn', seed: 1, frames: 250 }).recording);
  const depthPngs = Object.entries(unzipSync(zip)).filter(([name]) => name.startsWith('depth/')).map(([, bytes]) => bytes);
  const ours: number[] = [];
  const pngjs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    ours.push(cpuTimed(() => { for (const png of depthPngs) decodeGreyPng(png, 'depth.png', 1 << 20); })[1]);
    pngjs.push(cpuTimed(() => { for (const png of depthPngs) PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength), { skipRescale: true }); })[1]);
  }
  console.log(`${depthPngs.length} depth PNGs, CPU: ours ${spread(ours)} | pngjs ${spread(pngjs)}`);
}
const rss = process.memoryUsage().rss;
console.log(`RSS at exit: ${(rss / 2 ** 20).toFixed(0)} MiB`);
