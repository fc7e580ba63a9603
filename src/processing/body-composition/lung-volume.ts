/**
 * Functional residual capacity (Crapo RO et al. 1982, Am Rev Respir Dis; [V] via
 * medicalalgorithms.com; docs/references.md): height in CM, age in years, result in LITRES.
 * Men: 0.0472·H + 0.009·age − 5.29. Women: 0.0360·H + 0.0031·age − 3.182.
 */
export function crapoFunctionalResidualCapacityL(sex: 'male' | 'female', heightCm: number, ageYears: number): number {
  return sex === 'male'
    ? 0.0472 * heightCm + 0.009 * ageYears - 5.29
    : 0.036 * heightCm + 0.0031 * ageYears - 3.182;
}

/** Tidal volume at rest, litres (about 0.5 L, a physiology convention). */
export const TIDAL_VOLUME_L = 0.5;
/** Gastro-intestinal gas, litres (hydrodensitometry convention ~0.1 L). */
export const GASTROINTESTINAL_GAS_L = 0.1;

/** Gas inside a relaxed-breathing body at capture: FRC + ½·tidal volume + GI gas, litres. */
export function bodyGasVolumeL(sex: 'male' | 'female', heightCm: number, ageYears: number): number {
  return crapoFunctionalResidualCapacityL(sex, heightCm, ageYears) + TIDAL_VOLUME_L / 2 + GASTROINTESTINAL_GAS_L;
}
