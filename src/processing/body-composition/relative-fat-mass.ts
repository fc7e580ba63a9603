/**
 * Relative Fat Mass (Woolcott & Bergman 2018, Sci Rep 8:10980; NHANES DXA criterion):
 * RFM = 64 − 20·(height / waist) + 12·sex, sex = 0 men, 1 women; height and waist in the same unit.
 * Waist per the NHANES protocol (just above the iliac crest).
 */
export function relativeFatMassPercent(sex: 'male' | 'female', heightM: number, waistM: number): number {
  return 64 - 20 * (heightM / waistM) + (sex === 'female' ? 12 : 0);
}
