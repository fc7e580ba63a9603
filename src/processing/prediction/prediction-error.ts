/** A prediction request the API must answer with 400; `message` says what is wrong and how to fix it. */
export class PredictionInputError extends Error {
  readonly code: 'prediction_target_invalid';
  constructor(message: string) {
    super(message);
    this.name = 'PredictionInputError';
    this.code = 'prediction_target_invalid';
  }
}
