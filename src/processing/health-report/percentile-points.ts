/** The percentiles every table stores (values between them are interpolated linearly). */
export const PERCENTILE_POINTS = [5, 10, 25, 50, 75, 90, 95] as const;
