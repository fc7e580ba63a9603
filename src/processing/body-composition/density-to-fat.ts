/** Two-compartment conversion of body density to %BF. */

/** Siri 1956: %BF = 495 / Db − 450, Db in g/cm^3 (fat 0.900, fat-free 1.100 g/cm^3). */
export function siriPercentFromDensity(densityGPerCm3: number): number {
  return 495 / densityGPerCm3 - 450;
}

/** Brozek 1963: %BF = 457 / Db − 414.2, Db in g/cm^3. */
export function brozekPercentFromDensity(densityGPerCm3: number): number {
  return 457 / densityGPerCm3 - 414.2;
}
