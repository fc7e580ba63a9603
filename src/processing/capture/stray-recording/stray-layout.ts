import type { ZipEntry } from '../zip-archive.ts';

/**
 * Finds a Stray Scanner recording's files among a ZIP's entries (the app's docs/format.md layout),
 * at the root or inside one top folder (as when the recording's folder itself is zipped).
 * A ZIP is a recording when it holds no manifest.json and has an odometry.csv or a depth/ folder
 * of numbered maps; anything else is left to the capture bundle reader.
 */
export interface StrayLayout {
  /** '' or 'folder/' (with the slash). */
  folder: string;
  odometry: ZipEntry | null;
  cameraMatrix: ZipEntry | null;
  /** Depth maps by frame number, all of one kind. */
  depth: Map<number, ZipEntry>;
  depthFormat: 'png' | 'npy' | 'mixed' | 'none';
  confidence: Map<number, ZipEntry>;
}

const IGNORED = /(^|\/)(__MACOSX\/|\.DS_Store$|\._)/;
const MAP_FILE = /^(?:([^/]+)\/)?(depth|confidence)\/(\d+)\.(png|npy)$/;
const TOP_FILE = /^(?:([^/]+)\/)?(odometry\.csv|camera_matrix\.csv|manifest\.json)$/;

/** The recording layout of these entries, or null when they are not a Stray recording. */
export function findStrayLayout(entries: readonly ZipEntry[]): StrayLayout | null {
  const files = entries.filter((e) => !e.name.endsWith('/') && !IGNORED.test(e.name));
  let folder: string | null = null;
  for (const entry of files) {
    const top = TOP_FILE.exec(entry.name);
    if (top && top[2] === 'manifest.json') return null;
    if (top && top[2] === 'odometry.csv' && folder === null) folder = top[1] === undefined ? '' : `${top[1]}/`;
  }
  if (folder === null) {
    for (const entry of files) {
      const map = MAP_FILE.exec(entry.name);
      if (map && map[2] === 'depth') { folder = map[1] === undefined ? '' : `${map[1]}/`; break; }
    }
  }
  if (folder === null) return null;
  const layout: StrayLayout = { folder, odometry: null, cameraMatrix: null, depth: new Map(), depthFormat: 'none', confidence: new Map() };
  const kinds = new Set<string>();
  for (const entry of files) {
    if (!entry.name.startsWith(folder)) continue;
    const local = entry.name.slice(folder.length);
    if (local === 'odometry.csv') layout.odometry = entry;
    else if (local === 'camera_matrix.csv') layout.cameraMatrix = entry;
    const map = /^(depth|confidence)\/(\d+)\.(png|npy)$/.exec(local);
    if (!map) continue;
    const frame = Number(map[2]);
    if (map[1] === 'depth') {
      layout.depth.set(frame, entry);
      kinds.add(map[3]);
    } else if (map[3] === 'png') {
      layout.confidence.set(frame, entry);
    }
  }
  layout.depthFormat = kinds.size === 0 ? 'none' : kinds.size > 1 ? 'mixed' : (kinds.values().next().value as 'png' | 'npy');
  return layout;
}
