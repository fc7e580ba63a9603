/**
 * U.S. Army 2023 one-site (abdominal) tape equation: Army Directive 2023-11, from Taylor KM et al.,
 * Obes Sci Pract 2024;10(2):e747 (DXA criterion, n = 1,904). Coefficients [V, guyru.github.io
 * transcription; docs/references.md]. UNITS: weight in POUNDS, abdomen at the navel in INCHES.
 * Men: %BF = −26.97 − 0.12·weight + 1.99·abdomen. Women: %BF = −9.15 − 0.015·weight + 1.27·abdomen.
 */
export function army2023OneSitePercent(sex: 'male' | 'female', weightLb: number, abdomenIn: number): number {
  return sex === 'male'
    ? -26.97 - 0.12 * weightLb + 1.99 * abdomenIn
    : -9.15 - 0.015 * weightLb + 1.27 * abdomenIn;
}
