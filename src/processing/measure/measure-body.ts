/**
 * measureBody: capture geometry → canonical body → 27 tape-equivalent girths (m), fullBodyVolume
 * (m³), waistToHipRatio, bodyRoundnessIndex, bmiPredicted, bmiConfidence (unitless).
 * Pipeline: canonical frame (canonical-frame.ts) → slice stack (slices.ts) → standing-person check
 * → segmentation → limb axes and joints → torso sites (torso-sites.ts) → one plane cut per girth
 * as the site table says (girth-sites.ts, site-requests.ts, girth-cut.ts) → volume
 * (body-volume.ts) → derived numbers (derived-measures.ts). Our rules: docs/measurements.md.
 * Segmentation: with a body fitter (options.fitter), every capture point gets the fitted model's
 * body part (fit-segmentation.ts): arms resting on the torso, touching thighs and heavy bodies
 * are measured, torso cuts leave the arms out and limb cuts are perpendicular to the fitted bones.
 * Without one, slice topology (segment-body.ts), which must refuse arms that touch the torso.
 * Failures are thrown as ProcessingFailure (no_person_found, pose_unsupported, body_incomplete,
 * capture_units_implausible, measurement_failed; limbs_touching_torso only without a fitter).
 */
import type { BodyMeasurementResult, Landmarks, MeasureContext, MeasurementSite, SiteQuality } from '../../domain/body-scan-result.ts';
import type { CaptureGeometry, CaptureHints } from '../../domain/capture-geometry.ts';
import type { CircumferenceField, Measurements } from '../../domain/measurements.ts';
import { CIRCUMFERENCE_FIELDS } from '../../domain/measurements.ts';
import { ProcessingFailure } from '../../domain/processing-failure.ts';
import type { Vec3 } from '../geometry/pca.ts';
import { sampleSurface } from '../geometry/surface-sample.ts';
import { bodyVolume } from './body-volume.ts';
import { fittedCloudVolume } from './fitted-volume.ts';
import { toCanonical } from './canonical-frame.ts';
import { bmiConfidence, bodyRoundnessIndex, girthModelVolume, massFromVolume } from './derived-measures.ts';
import type { ModelFit, PosableBodyModel } from '../body-model/posable-model-types.ts';
import { buildPointGrid } from '../body-model/point-grid.ts';
import type { ModelCompletion } from './cut-completion.ts';
import { siteTrianglesOf } from './cut-completion.ts';
import { filledCapture } from './model-hole-fill.ts';
import { modelLandmarkHeights } from './model-landmark-heights.ts';
import { NO_PART } from '../body-model/posable-model-types.ts';
import { facesBack } from './fitted-facing.ts';
import { transferLabels } from '../geometry/nearest-label.ts';
import { signedMeshVolume } from '../geometry/mesh-volume.ts';
import { vertexNormals } from '../body-model/fit-kinematics.ts';
import { labelOrientedVertices } from '../body-model/fit-segmentation.ts';
import { armLandmarksFromBones } from './arm-from-bones.ts';
import type { FitSegmentation } from './fit-segmentation.ts';
import { segmentByFit } from './fit-segmentation.ts';
import type { Capsule } from './cut-filters.ts';
import type { CutQuality, CutRequest } from './girth-cut.ts';
import { makeCutContext } from './girth-cut.ts';
import { siteGirthCut } from './extremum-cut.ts';
import { girthSite, partMask } from './girth-sites.ts';
import type { ArmLandmarks } from './limb-axes.ts';
import { armLandmarks, armPointAt, axisPointAtY, calfAndAnkleBelow, legLandmarks } from './limb-axes.ts';
import type { Segmentation } from './segment-body.ts';
import type { ArmRun } from './segment-body.ts';
import { assertStandingPerson, findArmRuns, findCrotch, segmentBody } from './segment-body.ts';
import { AXILLA_DROP_FRACTION, LOWER_ARM_FRACTION, LOWER_THIGH_FRACTION, SHOULDER_DROP_FRACTION, UPPER_THIGH_FRACTION } from './site-rules.ts';
import { shoulderWithUnseenTops } from './unseen-shoulder-tops.ts';
import { siteRequests } from './site-requests.ts';
import { narrowestNeckPlane, neckPlaneFromRings } from './neck-plane.ts';
import type { SliceStack } from './slices.ts';
import { buildSlices, pointDensity } from './slices.ts';
import { findTorsoSites } from './torso-sites.ts';
import { modelTorsoLevels, type ModelTorsoLevels } from './model-torso-levels.ts';
import { ARM_GIRTH_FIELDS, armGirthOnModel } from './model-arm-girths.ts';
import { modelCutContext } from './model-cut-context.ts';
import { THIGH_GIRTH_FIELDS, girthOfModelAndCapture } from './model-thigh-girths.ts';
import { SCATTERED_ANKLE_GIRTH_FIELDS } from './model-ankle-girths.ts';
import { SCATTERED_NECK_GIRTH_FIELDS } from './model-neck-girths.ts';
import { girthOfModelWithCaptureOffset, readsWithCaptureOffset } from './model-offset-girths.ts';

/** Points sampled on a mesh surface for slicing and segmentation. */
const MESH_SAMPLE_POINTS = 200000;

/**
 * The body model fitter, injected so the pipeline and the tests can supply it: `fit` fits the
 * posable model to the capture's points (canonical frame, m) and labels each point with a body
 * part; `bonePart` is the model's body part of each bone (PosableBodyModel.bonePart).
 */
export interface BodyFitter {
  bonePart: Uint8Array;
  fit(pointsM: Float32Array, count: number): ModelFit;
  /**
   * The fitted model's mesh (triangles, part of each vertex), to fill the capture's holes from the
   * posed model (model-hole-fill.ts, cut-completion.ts); without it holes are bridged by chords.
   */
  model?: Pick<PosableBodyModel, 'vertexCount' | 'triangles' | 'vertexPart'>;
}

export interface MeasureOptions {
  fitter?: BodyFitter;
}

/** A fit whose RMS residual exceeds this (mm) did not find a person in the capture. */
const MAX_FIT_RESIDUAL_MM = 40;

/** Segmentation, limb landmarks and (with a fitter) the fit's labels and bones. */
interface BodyParts {
  seg: Segmentation;
  /**
   * The stack the torso profile, landmarks and volume read: the part stack with a fit (the
   * capture's holes filled from the model when they are large enough), else the slice stack.
   */
  partStack: SliceStack;
  arms: { left: ArmLandmarks; right: ArmLandmarks };
  fit: {
    model: ModelFit; seg: FitSegmentation;
    /** Body part of each point of the capture's own slice stack (the stack girths are cut on). */
    capturePart: Uint8Array;
    /** The posed model for completing cuts across holes, or null (the fitter gave no mesh). */
    completion: ModelCompletion | null;
    /** Share of the model's surface filled into the capture's holes (0 when none was needed). */
    filledAreaShare: number;
    /**
     * Stature (m): the capture's top, or, when its holes were filled from the model, the filled
     * capture's (a scanner that misses the crown reads the top of the hole's rim otherwise: 34 mm
     * short on the partial evaluation set).
     */
    statureM: number;
    /** How holes are closed: from the fitted model, or only by chords (and why). */
    holeCompletion: string;
    /** Where the armpits' heights come from: the capture's slice topology or the fitted model's (bridged captures). */
    armpitSource: string;
    /** Where the crotch height comes from: the capture's slice topology or the fitted model's (bridged captures). */
    crotchSource: string;
    /** The bust, under-bust and navel levels on the fitted model (model-torso-levels.ts), when it fits closely enough to complete holes. */
    torsoLevels: ModelTorsoLevels | undefined;
  } | null;
}

/**
 * Holes are completed from the model only when it fits the visible surface this closely (RMS, mm):
 * where a loose fit strays more than the hole radius from the capture, its surface would be taken
 * for a hole. Fits of the evaluation's MakeHuman captures: 1.5–4.2 mm, partial ones included; the
 * synthetic tube body (no shoulders, hands or feet the model could match): 7.8 mm, on which
 * completion filled 8% of the model's surface and added 3% of volume.
 */
const MAX_COMPLETION_RESIDUAL_MM = 6;

function findParts(stack: SliceStack, canonical: ReturnType<typeof toCanonical>, H: number, fitter: BodyFitter | undefined, bridgedGapM: number): BodyParts {
  if (!fitter) {
    const seg = segmentBody(stack, H);
    const arms = {
      left: armLandmarks(stack, seg.armLoop.left, seg.handBottomY.left, seg.armpitY.left, 1),
      right: armLandmarks(stack, seg.armLoop.right, seg.handBottomY.right, seg.armpitY.right, -1),
    };
    return { seg, partStack: stack, arms, fit: null };
  }
  const person = assertStandingPerson(stack, H);
  let { crotchY } = findCrotch(stack, H, person.torsoLoop, person.legSlice);
  let runs = findArmRuns(stack, H, person.torsoLoop, crotchY);
  const freeArmpit = (run: ArmRun) => (run.found && run.armpitY >= 0.7 * H ? run.armpitY : undefined);
  const model = fitter.fit(canonical.points, canonical.count);
  if (!(model.residualRmsMm <= MAX_FIT_RESIDUAL_MM)) {
    throw new ProcessingFailure('no_person_found', `The body model does not fit the capture (RMS ${model.residualRmsMm.toFixed(0)} mm): not a standing person.`);
  }
  // Holes (crotch, armpits, back, crown, soles): the landmarks and the volume read the capture
  // filled from the model, so a hole at the crotch does not lift the crotch nor one at an armpit
  // the armpit. The gates above ran on the capture as it is. A loose fit completes nothing.
  const mesh = fitter.model && model.residualRmsMm <= MAX_COMPLETION_RESIDUAL_MM ? fitter.model : null;
  const captureGrid = mesh ? buildPointGrid(stack.points, stack.start[stack.sliceCount], 0.02) : null;
  const filled = mesh && captureGrid ? filledCapture(canonical.points, canonical.count, H, model, mesh, captureGrid) : null;
  if (filled) {
    const whole = assertStandingPerson(filled.stack, H);
    crotchY = findCrotch(filled.stack, H, whole.torsoLoop, whole.legSlice).crotchY;
    runs = findArmRuns(filled.stack, H, whole.torsoLoop, crotchY);
  }
  // A capture that bridges narrow gaps (a phone recording's fused surface) frees its arms too low
  // and closes the gap between the thighs by a varying amount: its armpits (when the model shows
  // them) and its crotch come from the fitted model's own surface (model-landmark-heights.ts).
  const armpits = { left: freeArmpit(runs.left), right: freeArmpit(runs.right) };
  let armpitSource = 'capture', crotchSource = 'capture';
  if (bridgedGapM > 0 && mesh) {
    const fromModel = modelLandmarkHeights(model, mesh, H);
    crotchY = fromModel.crotchY;
    crotchSource = 'fitted-model';
    for (const [side, y] of [['left', fromModel.armpitLeftY], ['right', fromModel.armpitRightY]] as const) {
      if (y !== undefined && y >= 0.7 * H) { armpits[side] = y; armpitSource = 'fitted-model'; }
    }
  }
  const seg = segmentByFit(filled?.stack ?? stack, filled?.fit ?? model, fitter.bonePart, H, crotchY, armpits);
  const bone = (part: keyof FitSegmentation['bones']) => {
    const b = seg.bones[part];
    if (!b) throw new ProcessingFailure('measurement_failed', `The fitted model has no ${part} bone.`);
    return b;
  };
  for (const leg of ['thighLeft', 'shinLeft', 'thighRight', 'shinRight'] as const) bone(leg);
  const arms = {
    left: armLandmarksFromBones(seg.stack, 1, bone('upperArmLeft'), bone('forearmLeft'), 1),
    right: armLandmarksFromBones(seg.stack, 2, bone('upperArmRight'), bone('forearmRight'), -1),
  };
  // An arm resting on the torso shows no armpit: take it the survey's mean drop below the acromion.
  for (const side of ['left', 'right'] as const) {
    if (armpits[side] === undefined) seg.armpitY[side] = (arms[side].acromionPoint ?? arms[side].origin)[1] - AXILLA_DROP_FRACTION * H;
  }
  let capturePart = seg.sortedPart;
  if (filled) {
    capturePart = new Uint8Array(stack.start[stack.sliceCount]);
    for (let k = 0; k < capturePart.length; k++) capturePart[k] = model.pointPart[stack.order[k]];
  }
  const completion = mesh && captureGrid ? { positionsM: model.posed.positionsM, trianglesOf: siteTrianglesOf(mesh), captureGrid } : null;
  const holeCompletion = completion ? 'fitted-model' : fitter.model ? `chords (fit RMS over ${MAX_COMPLETION_RESIDUAL_MM} mm)` : 'chords (no model mesh)';
  // The bust, under-bust and navel levels from the model's own vertices, when it fits closely.
  const torsoLevels = mesh ? modelTorsoLevels(model.posed.positionsM, mesh.triangles) : undefined;
  return { seg, partStack: seg.stack, arms, fit: { model, seg, capturePart, completion, filledAreaShare: filled?.areaShare ?? 0, holeCompletion, armpitSource, crotchSource, statureM: filled?.topM ?? H, torsoLevels } };
}

/**
 * The arms' fitted upper-arm and forearm bones as capsules of the upper arm's radius + 5 mm:
 * torso cuts leave their points out (module comment of girth-cut.ts, CutRequest.exclude).
 */
function armCapsules(seg: FitSegmentation): Capsule[] {
  const out: Capsule[] = [];
  for (const [side, parts] of [['left', ['upperArmLeft', 'forearmLeft']], ['right', ['upperArmRight', 'forearmRight']]] as const) {
    for (const part of parts) {
      const bone = seg.bones[part];
      if (bone && seg.armRadiusM[side] > 0) out.push({ a: bone.head, b: bone.tail, radiusM: seg.armRadiusM[side] + 0.005 });
    }
  }
  return out;
}

/** Height of the fitted knee joint (m): the mean of the thigh bone's tail and the shin bone's head. */
function kneeJointY(seg: FitSegmentation, side: 'Left' | 'Right'): number | undefined {
  const thigh = seg.bones[`thigh${side}`], shin = seg.bones[`shin${side}`];
  return thigh && shin ? 0.5 * (thigh.tail[1] + shin.head[1]) : undefined;
}

/**
 * Body part of each vertex of a mesh capture: from the posed model with the mesh's oriented vertex
 * normals (labelOrientedVertices: a torso vertex under a resting arm faces the arm and is not taken
 * for it); without the model's mesh, the part of the nearest labelled sample point within 3 cm.
 * The normals' sign is the mesh's: outward when its signed volume is positive.
 */
function meshVertexParts(
  mesh: { positions: Float32Array; indices: Uint32Array }, points: Float32Array, count: number, model: ModelFit,
  modelMesh: Pick<PosableBodyModel, 'vertexCount' | 'triangles' | 'vertexPart'> | undefined,
): Uint8Array {
  const vertexCount = mesh.positions.length / 3;
  if (!modelMesh) return transferLabels(points, model.pointPart, count, mesh.positions, vertexCount, 0.03, NO_PART);
  const normals = new Float32Array(mesh.positions.length);
  vertexNormals(mesh.positions, mesh.indices, normals);
  if (signedMeshVolume(mesh.positions, mesh.indices) < 0) for (let i = 0; i < normals.length; i++) normals[i] = -normals[i];
  return labelOrientedVertices(modelMesh, model.posed.positionsM, mesh.positions, normals, vertexCount, 0.05);
}

export function measureBody(geometry: CaptureGeometry, hints: CaptureHints, context: MeasureContext, options: MeasureOptions = {}): BodyMeasurementResult {
  const raw = isMeshCapture(geometry) ? sampleSurface(geometry.positions, geometry.indices!, MESH_SAMPLE_POINTS, 1) : geometry.positions;
  return measureFacing(geometry, raw, hints, context, options, false) ?? measureFacing(geometry, raw, hints, context, options, true)!;
}

/** A capture with triangles is measured as a mesh (its surface sampled), else as a point cloud. */
const isMeshCapture = (geometry: CaptureGeometry): boolean => geometry.indices !== null && geometry.indices.length >= 3;

/**
 * measureBody with the canonical frame's front as the feet say (turnAround false) or turned around;
 * `raw`: the capture's points (a mesh's surface sampled once, for both tries).
 * Null when, not yet turned around, the fitted model faces −Z: the feet's cue was wrong (a phone
 * recording's feet lose their toes to the floor: one turn's feet band read 18 mm behind its
 * ankles), and the left/right and front/back rules would read the wrong sides. The fitted model's
 * facing rests on the whole body (face, chest, buttocks, feet) and wins.
 */
function measureFacing(geometry: CaptureGeometry, raw: Float32Array, hints: CaptureHints, context: MeasureContext, options: MeasureOptions, turnAround: boolean): BodyMeasurementResult | null {
  const isMesh = isMeshCapture(geometry);
  // A cloud's colours follow its points through the floor and outlier filters (toCanonical); a
  // mesh keeps every vertex, so its vertex colours stay valid as they are.
  const cloudColors = !isMesh && geometry.colors && geometry.colors.length === geometry.positions.length ? geometry.colors : null;
  const canonical = toCanonical(raw, raw.length / 3, isMesh ? geometry : null, hints, cloudColors, turnAround);
  const H = canonical.statureM;
  const stack = buildSlices(canonical.points, canonical.count, H);
  const { seg, partStack, arms, fit } = findParts(stack, canonical, H, options.fitter, hints.bridgedGapM ?? 0);
  if (!turnAround && fit && facesBack(fit.model, canonical.points, canonical.count)) return null;
  const legs = {
    left: legLandmarks(partStack, seg.legLoop.left, seg.crotchY, H, fit ? kneeJointY(fit.seg, 'Left') : undefined),
    right: legLandmarks(partStack, seg.legLoop.right, seg.crotchY, H, fit ? kneeJointY(fit.seg, 'Right') : undefined),
  };
  if (fit) {
    // Standing, the knees are level: the narrowest section near each fitted knee lies on a flat
    // stretch and wanders by up to 6 cm between the legs of a symmetric body, so both legs take the
    // mean, and their calves and ankles are searched below that one knee.
    const kneeY = 0.5 * (legs.left.kneeY + legs.right.kneeY);
    for (const side of ['left', 'right'] as const) {
      Object.assign(legs[side], { kneeY }, calfAndAnkleBelow(partStack, seg.legLoop[side], kneeY, seg.crotchY, H));
    }
  }
  const acromionY = 0.5 * ((arms.left.acromionPoint ?? arms.left.origin)[1] + (arms.right.acromionPoint ?? arms.right.origin)[1]);
  if (!(acromionY > seg.crotchY && acromionY < 0.95 * H)) throw new ProcessingFailure('measurement_failed', 'Shoulder (acromion) level not found.');
  const torso = findTorsoSites(partStack, seg, H, acromionY, fit !== null, fit?.torsoLevels);
  // Mesh vertices take the part of the nearest labelled sample point (within 3 cm).
  const parts = fit ? {
    pointPart: fit.capturePart,
    vertexPart: canonical.mesh ? meshVertexParts(canonical.mesh, canonical.points, canonical.count, fit.model, options.fitter?.model) : null,
  } : null;
  const ctx = makeCutContext(stack, canonical.mesh, pointDensity(canonical.count, H), parts, fit?.completion ?? null);
  // With a fit, the neck is cut perpendicular to the fitted neck bone (ISO 8559-1: the girth
  // perpendicular to the neck's axis), at its narrowest along the bone: horizontal rings on heavy
  // bodies are pulled forward by the chin and back by the trapezius.
  const neckBone = fit?.seg.neckBone;
  const neckPlane = neckBone ? narrowestNeckPlane(ctx, neckBone, partMask(girthSite('neckFit').parts)) : neckPlaneFromRings(ctx, torso.centreAt, torso.neckY);
  const bones = fit?.seg.bones;
  const requests: CutRequest[] = siteRequests({
    statureM: H, crotchY: seg.crotchY, acromionY, torso, neckPlane, arms, legs, bridgedGapM: hints.bridgedGapM ?? 0,
    fit: fit && bones ? {
      stack: fit.seg.stack, legLoop: fit.seg.legLoop,
      bones: { thighLeft: bones.thighLeft!, shinLeft: bones.shinLeft!, thighRight: bones.thighRight!, shinRight: bones.shinRight! },
      armCapsules: armCapsules(fit.seg),
    } : null,
  });
  const girths = {} as Record<CircumferenceField, number>;
  const sites: MeasurementSite[] = [];
  const qualities: CutQuality[] = [];
  // A capture that never saw the shoulders' tops: the shoulder's level and tape from the fitted model too.
  const unseenTops = hints.topsUnseen && fit && bones && options.fitter?.model
    ? { model: options.fitter.model, positionsM: fit.model.posed.positionsM, joints: [bones.upperArmLeft!.head, bones.upperArmRight!.head] as [Vec3, Vec3] } : null;
  let shoulderSource = 'capture', shoulderSideShiftMm = '';
  // A capture whose arms moved or whose surface scatters (a turn): the arm girths on the fitted model,
  // the thigh, ankle and neck girths the mean of the model's and the capture's, the torso's and lower legs'
  // the model's plus the capture's mean offset (model-cut-context.ts, model-arm-girths.ts,
  // model-thigh-girths.ts, model-ankle-girths.ts, model-neck-girths.ts, model-offset-girths.ts); a capture whose
  // chest scatters (a walk) its chest and upper chest as the model's plus the capture's offset.
  const modelCtx = (hints.armsMoved || hints.thighsScattered || hints.surfaceScattered || hints.chestScattered) && fit && options.fitter?.model
    ? modelCutContext(stack, ctx.densityPerM2, fit.model.posed.positionsM, options.fitter.model, fit.capturePart) : null;
  // What a scattered capture's ankles and neck are read as (diagnostics).
  const scatteredMeanSource = modelCtx && hints.surfaceScattered ? 'mean of fitted model and capture' : 'capture';
  for (const req of requests) {
    const completed = req.field === 'shoulderFit' && unseenTops
      ? shoulderWithUnseenTops(ctx, req, unseenTops.model, unseenTops.positionsM, unseenTops.joints, SHOULDER_DROP_FRACTION * H) : null;
    if (completed) {
      shoulderSource = 'model-completed';
      shoulderSideShiftMm = completed.armSideShiftsM.map((m) => Math.round(10000 * m) / 10).join(' / ');
    }
    const result = completed ?? (modelCtx && hints.thighsScattered && THIGH_GIRTH_FIELDS.has(req.field) ? girthOfModelAndCapture(modelCtx, ctx, req)
      : modelCtx && readsWithCaptureOffset(hints, req.field) ? girthOfModelWithCaptureOffset(modelCtx, ctx, req)
      : modelCtx && hints.surfaceScattered && (SCATTERED_ANKLE_GIRTH_FIELDS.has(req.field) || SCATTERED_NECK_GIRTH_FIELDS.has(req.field)) ? girthOfModelAndCapture(modelCtx, ctx, req)
      : modelCtx && hints.armsMoved && bones && ARM_GIRTH_FIELDS.has(req.field) ? armGirthOnModel(modelCtx, req, arms, bones)
      : siteGirthCut(ctx, req));
    if (!result || !(result.site.perimeterM > 0)) throw new ProcessingFailure('measurement_failed', `No cut found for ${req.field}.`);
    girths[req.field] = result.site.perimeterM;
    sites.push(result.site);
    qualities.push(result.quality);
  }
  sites.sort((a, b) => CIRCUMFERENCE_FIELDS.indexOf(a.field) - CIRCUMFERENCE_FIELDS.indexOf(b.field));
  // A cloud's (or open mesh's) volume from the fitted model: the slice stack's star-shaped sheets
  // fill concavities (+0.5 to +2% on MakeHuman clouds).
  const triangles = options.fitter?.model?.triangles;
  const fittedModel = fit?.model;
  // A reconstructed surface's caps and floor-blended feet are made up: the model stands in there.
  const unseen = hints.unseenSurface ?? null;
  const volume = bodyVolume(partStack, canonical.mesh, fittedModel && triangles
    ? () => fittedCloudVolume(fittedModel.posed.positionsM, triangles, canonical.points, canonical.count, fittedModel.pointPart, NO_PART, unseen).volumeM3
    : null, unseen !== null);
  const statureM = fit?.statureM ?? H;
  const heightM = context.heightM ?? statureM;
  const armS = (arm: ArmLandmarks) => [0.5 * arm.elbowS, arm.elbowS + LOWER_ARM_FRACTION * (arm.wristS - arm.elbowS), arm.forearmS, arm.wristS];
  const girthVolumeM3 = girthModelVolume(girths, {
    crotch: seg.crotchY, hips: torso.hipsY, stomach: torso.stomachY, waist: torso.waistY, lowerChest: torso.lowerChestY,
    chest: torso.chestY, upperChest: torso.upperChestY, acromion: acromionY,
    knee: 0.5 * (legs.left.kneeY + legs.right.kneeY), calf: 0.5 * (legs.left.calfY + legs.right.calfY),
    ankle: 0.5 * (legs.left.ankleY + legs.right.ankleY),
    thigh: 0.5 * (seg.crotchY + 0.5 * (legs.left.kneeY + legs.right.kneeY)),
    upperThigh: seg.crotchY - UPPER_THIGH_FRACTION * (seg.crotchY - legs.left.kneeY),
    lowerThigh: legs.left.kneeY + LOWER_THIGH_FRACTION * (seg.crotchY - legs.left.kneeY),
  }, { left: armS(arms.left), right: armS(arms.right) }, H);
  const mean = (f: (q: CutQuality) => number) => qualities.reduce((s, q) => s + f(q), 0) / qualities.length;
  const confidence = bmiConfidence({ coverage: mean((q) => q.coverage), residualM: mean((q) => q.residualM), volumeM3: volume.volumeM3, girthVolumeM3 });
  const massKg = massFromVolume({ volumeM3: volume.volumeM3, heightM, waistM: girths.waistFit, sex: context.sex, ageYears: context.ageYears });
  const measurements: Measurements = {
    ...girths,
    waistToHipRatio: girths.waistFit / girths.hipsFit,
    bodyRoundnessIndex: bodyRoundnessIndex(girths.waistFit, heightM),
    fullBodyVolume: volume.volumeM3,
    bmiPredicted: massKg / (heightM * heightM),
    bmiConfidence: confidence.confidence,
  };
  for (const [key, value] of Object.entries(measurements)) {
    if (!Number.isFinite(value)) throw new ProcessingFailure('measurement_failed', `${key} is not a finite number.`);
  }
  const landmarks: Landmarks = {
    crotch: [0, seg.crotchY, 0],
    acromionLeft: arms.left.acromionPoint ?? arms.left.origin, acromionRight: arms.right.acromionPoint ?? arms.right.origin,
    elbowLeft: arms.left.elbowPoint, elbowRight: arms.right.elbowPoint,
    wristLeft: armPointAt(arms.left, arms.left.wristS).point, wristRight: armPointAt(arms.right, arms.right.wristS).point,
    kneeLeft: axisPointAtY(legs.left, legs.left.kneeY), kneeRight: axisPointAtY(legs.right, legs.right.kneeY),
    ankleLeft: axisPointAtY(legs.left, legs.left.ankleY), ankleRight: axisPointAtY(legs.right, legs.right.ankleY),
    armpitLeft: [0, seg.armpitY.left, 0], armpitRight: [0, seg.armpitY.right, 0],
  };
  const level = (name: string, y: number) => { const [x, z] = torso.centreAt(y); landmarks[name] = [x, y, z] as Vec3; };
  level('neck', torso.neckY); level('bust', torso.chestY); level('underBust', torso.lowerChestY); level('waist', torso.waistY);
  level('navel', torso.navelY); level('stomach', torso.stomachY); level('hips', torso.hipsY); level('upperChest', torso.upperChestY);
  const siteQuality = requests.map((req, i) => ({ field: req.field, observedFraction: qualities[i].observedFraction, filledFraction: qualities[i].filledFraction }))
    .sort((a, b) => CIRCUMFERENCE_FIELDS.indexOf(a.field) - CIRCUMFERENCE_FIELDS.indexOf(b.field));
  const outGeometry: CaptureGeometry = canonical.mesh
    ? { positions: canonical.mesh.positions, indices: canonical.mesh.indices, colors: geometry.colors && geometry.colors.length === geometry.positions.length ? geometry.colors : null, normals: null }
    : { positions: canonical.points, indices: null, colors: canonical.colors, normals: null };
  return {
    measurements,
    canonical: outGeometry,
    landmarks,
    sites,
    statureM,
    diagnostics: {
      ...canonical.diagnostics,
      keptPoints: canonical.count,
      sliceThicknessM: stack.thicknessM,
      volumeMethod: volume.method,
      girthModelVolumeM3: girthVolumeM3,
      massFromVolumeKg: massKg,
      coverageScore: confidence.coverageScore,
      noiseScore: confidence.noiseScore,
      agreementScore: confidence.agreementScore,
      ...fitDiagnostics(fit?.model ?? null, siteQuality, fit?.filledAreaShare ?? 0, fit?.holeCompletion ?? ''),
      ...(fit ? { armpitSource: fit.armpitSource, crotchSource: fit.crotchSource, shoulderSource, torsoLevelSource: fit.torsoLevels ? 'fitted-model' : 'section-profile', armGirthSource: modelCtx && hints.armsMoved ? 'fitted-model' : 'capture', thighGirthSource: modelCtx && hints.thighsScattered ? 'mean of fitted model and capture' : 'capture', torsoLegGirthSource: modelCtx && hints.surfaceScattered ? "fitted model plus the capture's offset" : 'capture', chestGirthSource: modelCtx && readsWithCaptureOffset(hints, 'chestFit') ? "fitted model plus the capture's offset" : 'capture', ankleGirthSource: scatteredMeanSource, neckGirthSource: scatteredMeanSource } : {}),
      ...(shoulderSideShiftMm ? { shoulderSideShiftMm } : {}),
    },
    siteQuality,
  };
}

/**
 * Support diagnostics of the segmentation: which one ran, the body fit's residuals (mm) and
 * coverage, and every girth whose ring bridged more than 2% of its length (observed fraction).
 */
function fitDiagnostics(fit: ModelFit | null, siteQuality: SiteQuality[], filledAreaShare: number, holeCompletion: string): Record<string, number | string> {
  const out: Record<string, number | string> = { segmentation: fit ? 'fitted-model' : 'slice-topology' };
  if (fit) {
    out.fitResidualRmsMm = Math.round(fit.residualRmsMm * 100) / 100;
    out.fitCoverage = Math.round(fit.coverage * 1000) / 1000;
    out.fitIterations = fit.iterations;
    for (const [part, rms] of Object.entries(fit.partResidualRmsMm)) if (Number.isFinite(rms)) out[`fitResidualMm.${part}`] = Math.round(rms * 100) / 100;
  }
  let bridged = 0;
  for (const q of siteQuality) {
    if (q.observedFraction >= 0.98) continue;
    bridged++;
    out[`observedFraction.${q.field}`] = Math.round(q.observedFraction * 1000) / 1000;
  }
  out.sitesBridged = bridged;
  if (fit) {
    // Holes completed from the fitted model: the share of the model's surface filled in, and each
    // girth whose tape ran over filled contour for more than 0.5% of its length.
    out.holeCompletion = holeCompletion;
    out.holeFilledAreaShare = Math.round(filledAreaShare * 1000) / 1000;
    let completed = 0;
    for (const q of siteQuality) {
      if (!((q.filledFraction ?? 0) > 0.005)) continue;
      completed++;
      out[`filledFraction.${q.field}`] = Math.round(q.filledFraction! * 1000) / 1000;
    }
    out.sitesCompletedFromModel = completed;
  }
  return out;
}
