/**
 * Total-body skeletal muscle from DXA appendicular lean soft tissue (Kim J et al., AJCN 2002;76:378,
 * model 3, MRI criterion, R² 0.96, SEE 1.58 kg; [V] medicalalgorithms.com transcription):
 * SM(kg) = 1.13·ALST(kg) − 0.02·age(y) + 0.61·sex + 0.97, sex = 1 men, 0 women.
 */
export function kimSkeletalMuscleMassKg(sex: 'male' | 'female', appendicularLeanKg: number, ageYears: number): number {
  return 1.13 * appendicularLeanKg - 0.02 * ageYears + 0.61 * (sex === 'male' ? 1 : 0) + 0.97;
}
