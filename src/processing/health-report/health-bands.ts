/**
 * Health classification bands (docs/health-report.md; sources in docs/references.md). Units: %BF in percent, waist in METRES,
 * ratios unitless, masses in kg (FMI/FFMI bands are converted to kg at the user's height).
 */
import type { HealthGroup, HealthLabel } from './health-report-types.ts';

type Binary = 'male' | 'female';
type BandSet = Omit<HealthLabel, 'group'>;

const groups = (names: string[], edges: number[]): HealthGroup[] =>
  names.map((name, i) => ({ name, min: i === 0 ? null : edges[i - 1], max: i === names.length - 1 ? null : edges[i] }));

/**
 * Gallagher D et al., AJCN 2000;72:694: %BF equivalents of BMI 18.5/25/30 by age (white adults).
 * [V secondary transcriptions; some print 19/27 for men's cells]. Ages < 20 use 20–39, ≥ 80 use 60–79.
 */
export const GALLAGHER_2000_EDGES = {
  male: [{ maxAge: 39, edges: [8, 20, 25] }, { maxAge: 59, edges: [11, 22, 28] }, { maxAge: Infinity, edges: [13, 25, 30] }],
  female: [{ maxAge: 39, edges: [21, 33, 39] }, { maxAge: 59, edges: [23, 35, 40] }, { maxAge: Infinity, edges: [24, 36, 42] }],
} as const;

export function bodyFatBands(sex: Binary, ageYears: number): BandSet & { ageRange: { min: number; max: number } } {
  const index = GALLAGHER_2000_EDGES[sex].findIndex((b) => ageYears <= b.maxAge);
  const ranges = [{ min: 20, max: 39 }, { min: 40, max: 59 }, { min: 60, max: 79 }];
  return {
    source: 'Gallagher et al. 2000, Am J Clin Nutr 72:694 (Table 3; %BF matching BMI 18.5/25/30)',
    edges: 'min-inclusive',
    groups: groups(['underfat', 'healthy', 'overfat', 'obese'], [...GALLAGHER_2000_EDGES[sex][index].edges]),
    ageRange: ranges[index],
  };
}

/** WHO Expert Consultation 2008 (report 2011): increased > 94 / 80 cm, substantially > 102 / 88 cm. Metres. */
export function waistBands(sex: Binary): BandSet {
  const edges = sex === 'male' ? [0.94, 1.02] : [0.8, 0.88];
  return {
    source: 'WHO Expert Consultation on Waist Circumference and Waist–Hip Ratio (2008, publ. 2011)',
    edges: 'max-inclusive',
    groups: groups(['low risk', 'increased risk', 'substantially increased risk'], edges),
  };
}

/** WHO 2008: substantially increased risk at WHR ≥ 0.90 (men) / ≥ 0.85 (women). */
export function waistToHipBands(sex: Binary): BandSet {
  return {
    source: 'WHO Expert Consultation on Waist Circumference and Waist–Hip Ratio (2008, publ. 2011)',
    edges: 'min-inclusive',
    groups: groups(['not increased', 'substantially increased risk'], [sex === 'male' ? 0.9 : 0.85]),
  };
}

/** Ashwell Shape Chart (Ashwell & Gibson 2016, BMJ Open 6:e010159): < 0.4, 0.4–0.5, 0.5–0.6, ≥ 0.6. */
export function waistToHeightBands(): BandSet {
  return {
    source: 'Ashwell M & Gibson S 2016, BMJ Open 6:e010159 (Ashwell Shape Chart)',
    edges: 'min-inclusive',
    groups: groups(['take care', 'OK', 'consider action', 'take action'], [0.4, 0.5, 0.6]),
  };
}

/** Fat mass index classes of Kelly, Wilson & Heymsfield 2009 (PLoS ONE 4:e7038) [M: class limits unverified], in kg at height H. */
export function fatMassBands(sex: Binary, heightM: number): BandSet {
  const fmiEdges = sex === 'male' ? [3, 6, 9, 12, 15] : [5, 9, 13, 17, 21];
  return {
    source: 'Kelly et al. 2009, PLoS ONE 4:e7038, fat mass index classes (kg/m², shown as kg at your height; limits not re-verified)',
    edges: 'min-inclusive',
    groups: groups(['low', 'normal', 'excess fat', 'obese I', 'obese II', 'obese III'], fmiEdges.map((f) => f * heightM * heightM)),
  };
}

/**
 * Fat-free mass index (VanItallie 1990): low < 17 (men) / < 15 (women) kg/m² (ESPEN/GLIM [M]);
 * men above 25 kg/m² exceed the natural limit of Kouri et al. 1995 [V]. In kg at height H.
 */
export function leanMassBands(sex: Binary, heightM: number): BandSet {
  const h2 = heightM * heightM;
  return sex === 'male'
    ? { source: 'FFMI: ESPEN/GLIM low < 17 kg/m² [not re-verified]; Kouri 1995 natural limit 25 kg/m²', edges: 'min-inclusive',
      groups: groups(['low', 'normal', 'above natural limit'], [17 * h2, 25 * h2]) }
    : { source: 'FFMI: ESPEN/GLIM low < 15 kg/m² [not re-verified]', edges: 'min-inclusive',
      groups: groups(['low', 'normal'], [15 * h2]) };
}

/** EWGSOP2 (Cruz-Jentoft 2019): low muscle at ALM/height² < 7.0 (men) / < 5.5 (women) kg/m², in kg at height H. */
export function appendicularLeanBands(sex: Binary, heightM: number): BandSet {
  return {
    source: 'EWGSOP2 (Cruz-Jentoft et al. 2019) ALM/height² cut-off, shown as kg at your height',
    edges: 'min-inclusive',
    groups: groups(['low', 'normal'], [(sex === 'male' ? 7.0 : 5.5) * heightM * heightM]),
  };
}

/** Skeletal muscle index SM/BM·100 (Janssen, Heymsfield & Ross 2002) [M]: class II / class I / normal. */
export function skeletalMuscleIndexBands(sex: Binary): BandSet {
  return {
    source: 'Janssen, Heymsfield & Ross 2002, J Am Geriatr Soc (skeletal muscle index, % of body mass; not re-verified)',
    edges: 'min-inclusive',
    groups: groups(['class II sarcopenia', 'class I sarcopenia', 'normal'], sex === 'male' ? [31, 37] : [22, 28]),
  };
}

/** The group containing value under the band set's edge convention. */
export function classify(bands: BandSet, value: number | null): HealthLabel {
  const inGroup = (g: HealthGroup, v: number) => bands.edges === 'min-inclusive'
    ? (g.min === null || v >= g.min) && (g.max === null || v < g.max)
    : (g.min === null || v > g.min) && (g.max === null || v <= g.max);
  const group = value === null ? null : bands.groups.find((g) => inGroup(g, value))?.name ?? null;
  return { source: bands.source, edges: bands.edges, groups: bands.groups, group };
}
