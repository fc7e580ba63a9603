// Fits coco2, coco_bri, ALM and the trunk-fat share on NHANES 1999–2004 DXA adults, with 10-fold CV.
// Usage: node scripts/fit-body-composition.ts <nhanes-dir>
// Writes src/processing/body-composition/fitted-coefficients.ts and docs/body-composition-fit.md.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readNhanesAdults, NHANES_FILE, type NhanesAdult } from './body-composition-data/nhanes-adults.ts';
import { designMatrixFromRows, leastSquares } from '../src/processing/statistics/least-squares.ts';
import { assignFolds, crossValidatedPredictions } from '../src/processing/statistics/cross-validation.ts';
import { summarizeErrors, type ErrorSummary } from '../src/processing/statistics/error-metrics.ts';
import { weightedQuantile } from '../src/processing/statistics/weighted-quantile.ts';
import {
  almFeatures, ALM_FEATURE_NAMES, coco2Features, COCO2_FEATURE_NAMES, cocoBriFeatures, COCO_BRI_FEATURE_NAMES,
  trunkFatShareFeatures, TRUNK_FAT_SHARE_FEATURE_NAMES, type FittedInput,
} from '../src/processing/body-composition/fitted-features.ts';
import { bodyRoundnessIndex } from '../src/processing/body-composition/body-roundness-index.ts';
import { FOLD_COUNT, FOLD_SEED } from './body-composition-data/fit-settings.ts';


const directory = process.argv[2];
if (!directory) {
  console.error('usage: node scripts/fit-body-composition.ts <nhanes-dir>');
  process.exit(2);
}
const repoRoot = resolve(import.meta.dirname, '..');
const { adults, sha256 } = readNhanesAdults(directory);

interface Candidate { name: string; features: (a: NhanesAdult) => number[]; chosen?: boolean }
interface CandidateResult { name: string; terms: number; all: ErrorSummary; men: ErrorSummary; women: ErrorSummary; chosen: boolean }

function evaluateCandidates(rows: NhanesAdult[], target: (a: NhanesAdult) => number, candidates: Candidate[]): CandidateResult[] {
  const y = rows.map(target);
  const folds = assignFolds(rows.length, FOLD_COUNT, FOLD_SEED);
  return candidates.map((candidate) => {
    const x = designMatrixFromRows(rows.map(candidate.features));
    const predicted = crossValidatedPredictions(x, y, folds, FOLD_COUNT);
    const pick = (male: 0 | 1) => {
      const idx = rows.map((r, i) => (r.male === male ? i : -1)).filter((i) => i >= 0);
      return summarizeErrors(idx.map((i) => predicted[i]), idx.map((i) => y[i]));
    };
    return { name: candidate.name, terms: x.columnCount, all: summarizeErrors(predicted, y), men: pick(1), women: pick(0), chosen: candidate.chosen === true };
  });
}

function fitChosen(rows: NhanesAdult[], target: (a: NhanesAdult) => number, features: (a: NhanesAdult) => number[]): number[] {
  return Array.from(leastSquares(designMatrixFromRows(rows.map(features)), rows.map(target)));
}

const input = (a: NhanesAdult): FittedInput => a;
const sexTerms = (a: NhanesAdult, terms: number[]): number[] => terms.flatMap((t) => [t, t * a.male]);
const briOf = (a: NhanesAdult): number => bodyRoundnessIndex(a.waistM, a.heightM) ?? 0.1;

// ---- coco2 (%BF) ----
const coco2Candidates: Candidate[] = [
  { name: 'linear: sex, age, height, weight, waist', features: (a) => [1, a.male, a.ageYears, a.heightM, a.weightKg, a.waistM] },
  { name: 'RFM terms: sex, height/waist', features: (a) => [1, a.male, a.heightM / a.waistM] },
  { name: 'linear, every term × sex', features: (a) => sexTerms(a, [1, a.ageYears, a.heightM, a.weightKg, a.waistM]) },
  { name: 'waist/height, 1/BMI, ln waist, age; × sex', features: (a) => sexTerms(a, [1, a.ageYears, a.heightM ** 2 / a.weightKg, a.waistM / a.heightM, Math.log(a.waistM)]) },
  { name: 'coco2: age, age², 1/BMI, height/waist, ln waist, ln weight, ln height, BMI; × sex', features: (a) => coco2Features(input(a)), chosen: true },
  { name: 'coco2 + (height/waist)², age·height/waist, age/BMI; × sex', features: (a) => {
    const hw = a.heightM / a.waistM; const invBmi = a.heightM ** 2 / a.weightKg;
    return [...coco2Features(input(a)), ...sexTerms(a, [hw * hw, a.ageYears * hw, a.ageYears * invBmi])];
  } },
];
const coco2Results = evaluateCandidates(adults, (a) => a.percentFat, coco2Candidates);
const coco2Coefficients = fitChosen(adults, (a) => a.percentFat, (a) => coco2Features(input(a)));

// ---- coco_bri (%BF from BRI) ----
const briCandidates: Candidate[] = [
  { name: 'BRI, age, sex (additive)', features: (a) => [1, a.male, briOf(a), a.ageYears] },
  { name: 'coco_bri: BRI, ln BRI, age, age²; × sex', features: (a) => cocoBriFeatures({ male: a.male, ageYears: a.ageYears, bri: briOf(a) }), chosen: true },
];
const briResults = evaluateCandidates(adults, (a) => a.percentFat, briCandidates);
const briCoefficients = fitChosen(adults, (a) => a.percentFat, (a) => cocoBriFeatures({ male: a.male, ageYears: a.ageYears, bri: briOf(a) }));

// ---- ALM (kg) ----
const almRows = adults.filter((a) => a.limbLeanKg !== null);
const almCandidates: Candidate[] = [
  { name: 'linear: sex, age, height, weight, waist', features: (a) => [1, a.male, a.ageYears, a.heightM, a.weightKg, a.waistM] },
  { name: 'ALM: age, age², height, weight, waist, weight/waist, height·weight; × sex', features: (a) => almFeatures(input(a)), chosen: true },
];
const almResults = evaluateCandidates(almRows, (a) => a.limbLeanKg as number, almCandidates);
const almCoefficients = fitChosen(almRows, (a) => a.limbLeanKg as number, (a) => almFeatures(input(a)));

// ---- trunk share of fat mass (0–1) ----
const trunkRows = adults.filter((a) => a.trunkFatKg !== null && a.percentFat > 0);
const trunkShare = (a: NhanesAdult): number => (a.trunkFatKg as number) / (a.weightKg * a.percentFat / 100);
const trunkResults = evaluateCandidates(trunkRows, trunkShare, [
  { name: 'trunk share: coco2 terms', features: (a) => trunkFatShareFeatures(input(a)), chosen: true },
]);
const trunkCoefficients = fitChosen(trunkRows, trunkShare, (a) => trunkFatShareFeatures(input(a)));

// ---- VAT anchors: published DXA VAT medians / NHANES median trunk fat, by sex and age band ----
// Medians of DXA VAT mass (kg), GE Lunar iDXA, 649 US adults (abstract: "Visceral adipose tissue
// normative values in adults from the United States using GE Lunar iDXA"; reference in docs).
const VAT_MEDIANS = [
  { fromYears: 20, toYears: 25, anchorAgeYears: 22.5, maleKg: 0.25, femaleKg: 0.06 },
  { fromYears: 25, toYears: 50, anchorAgeYears: 37.5, maleKg: 0.71, femaleKg: 0.55 },
  { fromYears: 50, toYears: 76, anchorAgeYears: 62.5, maleKg: 1.62, femaleKg: 1.21 },
];
const vatAnchors = VAT_MEDIANS.map((band) => {
  const ratio = (male: 0 | 1, vatKg: number) => {
    const rows = trunkRows.filter((a) => a.male === male && a.ageYears >= band.fromYears && a.ageYears < band.toYears);
    const median = weightedQuantile(rows.map((a) => a.trunkFatKg as number), rows.map((a) => a.populationWeight), 0.5);
    return { medianTrunkFatKg: median, ratio: vatKg / median, n: rows.length };
  };
  return { ...band, male: ratio(1, band.maleKg), female: ratio(0, band.femaleKg) };
});

// ---- write generated coefficients ----
const generatedAt = new Date().toISOString();
const round = (values: number[]): string => `[${values.map((v) => Number(v.toPrecision(10))).join(', ')}]`;
const source = `${NHANES_FILE} (sha256 ${sha256}), ${adults.length} adults aged 18+`;
const header = `// GENERATED by \`node scripts/fit-body-composition.ts <nhanes-dir>\` on ${generatedAt}.\n`
  + `// Data: NHANES 1999–2004 DXA training extract ${source}.\n`
  + `// Ordinary least squares (Householder QR), unweighted; ${FOLD_COUNT}-fold CV seed ${FOLD_SEED}: docs/body-composition-fit.md. Do not edit.\n`;
const coefficientsFile = `${header}
/** coco2 %BF = features(coco2Features) · COCO2_COEFFICIENTS. Terms: ${COCO2_FEATURE_NAMES.join(', ')}. */
export const COCO2_COEFFICIENTS: readonly number[] = ${round(coco2Coefficients)};

/** coco_bri %BF. Terms: ${COCO_BRI_FEATURE_NAMES.join(', ')}. */
export const COCO_BRI_COEFFICIENTS: readonly number[] = ${round(briCoefficients)};

/** Appendicular lean mass, kg. Terms: ${ALM_FEATURE_NAMES.join(', ')}. */
export const ALM_COEFFICIENTS: readonly number[] = ${round(almCoefficients)};

/** DXA trunk fat / total fat (0–1). Terms: ${TRUNK_FAT_SHARE_FEATURE_NAMES.join(', ')}. */
export const TRUNK_FAT_SHARE_COEFFICIENTS: readonly number[] = ${round(trunkCoefficients)};

/** VAT mass / trunk fat mass by sex at anchor ages (linear in age between anchors, flat outside). */
export const VAT_TO_TRUNK_FAT_ANCHORS: readonly { ageYears: number; male: number; female: number }[] = [
${vatAnchors.map((a) => `  { ageYears: ${a.anchorAgeYears}, male: ${Number(a.male.ratio.toPrecision(6))}, female: ${Number(a.female.ratio.toPrecision(6))} },`).join('\n')}
];

/** Cross-validated errors of the shipped models (same units as the target). */
export const FIT_CROSS_VALIDATION = {
  coco2: { mae: ${coco2Results.find((r) => r.chosen)!.all.mae.toFixed(3)}, rmse: ${coco2Results.find((r) => r.chosen)!.all.rmse.toFixed(3)} },
  cocoBri: { mae: ${briResults.find((r) => r.chosen)!.all.mae.toFixed(3)}, rmse: ${briResults.find((r) => r.chosen)!.all.rmse.toFixed(3)} },
  almKg: { mae: ${almResults.find((r) => r.chosen)!.all.mae.toFixed(3)}, rmse: ${almResults.find((r) => r.chosen)!.all.rmse.toFixed(3)} },
} as const;
`;
writeFileSync(resolve(repoRoot, 'src/processing/body-composition/fitted-coefficients.ts'), coefficientsFile);

// ---- write the report ----
const f = (v: number, d = 2): string => v.toFixed(d);
const table = (results: CandidateResult[], unit: string): string => [
  `| candidate | terms | MAE ${unit} | RMSE | bias | men MAE | women MAE | shipped |`,
  '|---|---|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.name} | ${r.terms} | ${f(r.all.mae)} | ${f(r.all.rmse)} | ${f(r.all.bias, 3)} | ${f(r.men.mae)} | ${f(r.women.mae)} | ${r.chosen ? 'yes' : ''} |`),
].join('\n');
const coefficientTable = (names: string[], values: number[]): string =>
  ['| term | coefficient |', '|---|---|', ...names.map((n, i) => `| ${n} | ${Number(values[i].toPrecision(8))} |`)].join('\n');

const report = `# Body composition: fitting report (generated)

Generated by \`node scripts/fit-body-composition.ts <nhanes-dir>\` on ${generatedAt}
from ${source} (men ${adults.filter((a) => a.male === 1).length}, women ${adults.filter((a) => a.male === 0).length}).
Errors below are **${FOLD_COUNT}-fold cross-validated** (fixed seed ${FOLD_SEED}; every person predicted by a
model fitted without them), unweighted, DXA %fat criterion (Hologic QDR 4500A, CDC multiple imputation).
The file is the training portion only; the NHANES hold-out was not used.

## Waist site
NHANES measures the waist **just above the uppermost lateral border of the right ilium (iliac crest)**
(CDC anthropometry protocol). We have no navel-vs-natural-waist distinction in NHANES. Our scan sites:
\`waistFit\` = narrowest torso girth (natural waist), \`waistNavyFit\` = at the navel. The iliac-crest site
lies at or below the navel in most adults and, like the navel site, below the narrowest point, so the
fitted models (coco2, coco_bri, ALM, trunk-fat share) and RFM take **waistNavyFit** as their waist,
falling back to \`waistFit\` only when the navel girth is missing. Expect a small bias from the site
difference (Wang et al. 2003, AJCN 77:379 report site differences of a few cm, larger in women).

## coco2 (%BF): what we tried
${table(coco2Results, '(%BF)')}

Goal: CV MAE ≤ 2.6 %BF with |bias| ≤ 0.3. Shipped model: MAE ${f(coco2Results.find((r) => r.chosen)!.all.mae)},
bias ${f(coco2Results.find((r) => r.chosen)!.all.bias, 3)}. The last candidate adds three more terms for a gain
below 0.01 %BF, so we ship the simpler one. Ethnicity would help (Gallagher 2000) but a scan does not
know it, so it is not a feature.

${coefficientTable(COCO2_FEATURE_NAMES, coco2Coefficients)}

## coco_bri (%BF from the Body Roundness Index)
BRI computed from the NHANES waist and height (Thomas 2013 formula).
${table(briResults, '(%BF)')}

${coefficientTable(COCO_BRI_FEATURE_NAMES, briCoefficients)}

## Appendicular lean mass (kg; NHANES \`llean\` = DXA limb lean soft tissue), n = ${almRows.length}
${table(almResults, '(kg)')}

${coefficientTable(ALM_FEATURE_NAMES, almCoefficients)}

## Trunk share of fat mass (0–1), n = ${trunkRows.length}
${table(trunkResults, '(fraction)')}

${coefficientTable(TRUNK_FAT_SHARE_FEATURE_NAMES, trunkCoefficients)}

## Visceral fat (VAT)
This NHANES extract has **no VAT** (DXA VAT exists only in 2011–2018). Our VAT is therefore a two-step,
documented estimate, not a fitted VAT regression:
1. trunk fat (kg) = trunk share (above, fitted) × the method's fat mass;
2. VAT (kg) = trunk fat × ratio(sex, age), where the ratio is the **published median DXA VAT mass**
   (GE Lunar iDXA, 649 US adults; "Visceral adipose tissue normative values in adults from the United
   States using GE Lunar iDXA", abstract values) divided by the **NHANES population-weighted median
   trunk fat** of the same sex and age band. Linear in age between the band anchors, flat outside.

| age band | anchor age | men: VAT median kg / NHANES trunk fat median kg = ratio | women: same |
|---|---|---|---|
${vatAnchors.map((a) => `| ${a.fromYears}–${a.toYears - 1} | ${a.anchorAgeYears} | ${a.maleKg} / ${f(a.male.medianTrunkFatKg)} = ${f(a.male.ratio, 4)} (n ${a.male.n}) | ${a.femaleKg} / ${f(a.female.medianTrunkFatKg)} = ${f(a.female.ratio, 4)} (n ${a.female.n}) |`).join('\n')}

Limitations: the two samples differ (scanner brand, population, period); VAT accuracy is **not
validated** here (no criterion VAT in our data). Treat \`vatMass\` as an indicative estimate.
`;
writeFileSync(resolve(repoRoot, 'docs/body-composition-fit.md'), report);
console.log(`coco2 CV: ${JSON.stringify(coco2Results.find((r) => r.chosen)!.all)}`);
console.log(`coco_bri CV: ${JSON.stringify(briResults.find((r) => r.chosen)!.all)}`);
console.log(`ALM CV: ${JSON.stringify(almResults.find((r) => r.chosen)!.all)}`);
console.log('wrote src/processing/body-composition/fitted-coefficients.ts and docs/body-composition-fit.md');
