/**
 * Body Roundness Index (Thomas DM et al., Obesity 2013;21:2264, PMC3692604):
 * BRI = 364.2 − 365.5·sqrt(1 − (WC/(2π))² / (0.5·H)²), WC and H in the same unit (here metres).
 * Note the parentheses: (0.5·H)², not 0.5·H². Returns null when the waist is so large that the
 * eccentricity is undefined (WC ≥ π·H).
 */
export function bodyRoundnessIndex(waistM: number, heightM: number): number | null {
  const ratio = (waistM / (2 * Math.PI)) ** 2 / (0.5 * heightM) ** 2;
  if (!(ratio < 1)) return null;
  return 364.2 - 365.5 * Math.sqrt(1 - ratio);
}
