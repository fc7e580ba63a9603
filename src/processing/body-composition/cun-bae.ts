/**
 * CUN-BAE (Gómez-Ambrosi J et al., Diabetes Care 2012;35:383; air-displacement criterion, SEE 4.66 %BF).
 * sex = 0 men, 1 women; age in years; BMI in kg/m^2.
 * %BF = −44.988 + 0.503·age + 10.689·sex + 3.172·BMI − 0.026·BMI² + 0.181·BMI·sex − 0.02·BMI·age
 *       − 0.005·BMI²·sex + 0.00021·BMI²·age
 */
export function cunBaePercent(sex: 'male' | 'female', ageYears: number, bmiKgPerM2: number): number {
  const s = sex === 'female' ? 1 : 0;
  const b = bmiKgPerM2;
  return -44.988 + 0.503 * ageYears + 10.689 * s + 3.172 * b - 0.026 * b * b + 0.181 * b * s
    - 0.02 * b * ageYears - 0.005 * b * b * s + 0.00021 * b * b * ageYears;
}

/** BMI, kg/m^2. */
export const bodyMassIndex = (weightKg: number, heightM: number): number => weightKg / (heightM * heightM);
