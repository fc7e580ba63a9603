// Runs the Khronos glTF validator on GLB bytes and returns the report with its error messages.
import validator from 'gltf-validator';
import type { ValidationReport } from 'gltf-validator';

export async function validateGlb(bytes: Uint8Array): Promise<{ report: ValidationReport; errors: string[]; warnings: string[] }> {
  const report = await validator.validateBytes(bytes, { maxIssues: 100 });
  const describe = (severity: number): string[] =>
    report.issues.messages.filter((m) => m.severity === severity).map((m) => `${m.code} ${m.pointer ?? ''}: ${m.message}`);
  return { report, errors: describe(0), warnings: describe(1) };
}

/** Parses a GLB's JSON chunk. */
export function glbJson(bytes: Uint8Array): Record<string, any> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength)));
}
