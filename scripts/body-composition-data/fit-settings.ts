// Cross-validation settings shared by the fitting and evaluation scripts.
export const FOLD_COUNT = 10;
export const FOLD_SEED = 20260101;
