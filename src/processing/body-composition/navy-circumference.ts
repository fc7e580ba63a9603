/**
 * US Navy / DoD circumference equations (Hodgdon & Beckett 1984, NHRC reports 84-11 and 84-29;
 * DoD form in Hodgdon & Friedl 1999, NHRC TD 99-2B; AR 600-9 (2019)). Sites: neck below the larynx;
 * men: abdomen at the navel; women: natural (narrowest) waist and largest hip girth.
 */
export type BinarySex = 'male' | 'female';

/**
 * DoD/AR 600-9 direct %BF form. ALL LENGTHS IN INCHES, log = log10.
 * Men: 86.010·log(abdomen − neck) − 70.041·log(height) + 36.76.
 * Women: 163.205·log(waist + hip − neck) − 97.684·log(height) − 78.387.
 * Returns null when the log argument is not positive. Feeding cm adds +6.46 (men) / +26.5 (women).
 */
export function navyInchFormPercent(
  sex: BinarySex, input: { heightIn: number; neckIn: number; abdomenIn?: number; waistIn?: number; hipIn?: number },
): number | null {
  if (sex === 'male') {
    if (input.abdomenIn === undefined) return null;
    const girth = input.abdomenIn - input.neckIn;
    if (girth <= 0) return null;
    return 86.01 * Math.log10(girth) - 70.041 * Math.log10(input.heightIn) + 36.76;
  }
  if (input.waistIn === undefined || input.hipIn === undefined) return null;
  const girth = input.waistIn + input.hipIn - input.neckIn;
  if (girth <= 0) return null;
  return 163.205 * Math.log10(girth) - 97.684 * Math.log10(input.heightIn) - 78.387;
}

/**
 * Original Hodgdon–Beckett body density, g/cm^3. ALL LENGTHS IN CM, log = log10.
 * Men: Db = −0.191·log(abdomen − neck) + 0.155·log(height) + 1.032 (R 0.90, SEE 3.52 %BF).
 * Women: Db = −0.350·log(waist + hip − neck) + 0.221·log(height) + 1.296 (R 0.85, SEE 3.72 %BF).
 * Coefficients as transcribed by medicalalgorithms.com (docs/references.md).
 */
export function hodgdonBeckettDensity(
  sex: BinarySex, input: { heightCm: number; neckCm: number; abdomenCm?: number; waistCm?: number; hipCm?: number },
): number | null {
  if (sex === 'male') {
    if (input.abdomenCm === undefined) return null;
    const girth = input.abdomenCm - input.neckCm;
    if (girth <= 0) return null;
    return -0.191 * Math.log10(girth) + 0.155 * Math.log10(input.heightCm) + 1.032;
  }
  if (input.waistCm === undefined || input.hipCm === undefined) return null;
  const girth = input.waistCm + input.hipCm - input.neckCm;
  if (girth <= 0) return null;
  return -0.35 * Math.log10(girth) + 0.221 * Math.log10(input.heightCm) + 1.296;
}
