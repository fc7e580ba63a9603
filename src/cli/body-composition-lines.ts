import { BodyCompositionInputError, bodyCompositionForInput } from '../processing/body-composition/batch.ts';

/**
 * One line of `bodyscan body-composition`: a JSON object {sex, ageYears, heightM, weightKg,
 * measurements: {...metres}} in, the Bodyfat fields out (plus methodUsed for adam), or
 * {line, error: [problems]} for a line that cannot be computed. One output line per input line.
 */
export function bodyCompositionLine(method: string, line: string, lineNumber: number): Record<string, unknown> {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return { line: lineNumber, error: ['not valid JSON'] };
  }
  try {
    return { ...bodyCompositionForInput(method, input) };
  } catch (error) {
    if (error instanceof BodyCompositionInputError) return { line: lineNumber, error: error.problems };
    throw error;
  }
}
