/**
 * What each operation's success response holds, by operationId: the OpenAPI document's response
 * descriptions (fastify-swagger would say "Default Response"). A test fails when an operation of
 * the document has no entry here.
 */
export const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  registerUser: 'The user as stored: created, or updated when the token was already known (upsert; 201 either way).',
  listUsers: 'One page of users and the cursor of the next page (null on the last page).',
  whoami: 'The partner and environment the API key belongs to.',
  getUser: 'The user; weight and height in the unit they were registered in, or converted when `unit-system` is given.',
  updateUser: 'The user after the change.',
  deleteUser: 'The deleted user; its scans, predictions, terms records and files are gone too.',
  listTermsAcceptances: 'Every terms acceptance the user has given, oldest first.',
  acceptTerms: 'The new terms acceptance record.',
  listScans: 'One page of scans and the cursor of the next page (null on the last page).',
  createScan: 'The new scan, status CREATED: ask for an upload address next.',
  getScan: 'The scan: its status, the state of each processing stage and, once READY, its results.',
  deleteScan: 'The deleted scan; its predictions and files are gone too.',
  createUploadUrl: 'A signed address to PUT the capture bytes to, and when it expires.',
  getScanAssets: 'The processing state of each stage: null, started, succeeded or failed.',
  getMeasurements: 'The 27 circumferences (m, or in when imperial), ratios, BMI from the scan, body roundness index and volume (m³, or ft³).',
  getBodyfat: 'Body composition by the scan\'s method: percentages and masses (kg, or lb).',
  changeBodyfatMethod: 'Body composition recomputed with the new method, now the scan\'s method.',
  getAssetUrls: 'A signed, expiring download address for each asset; null where the asset does not exist.',
  getAssetUrl: 'The asset\'s signed download address, as a JSON string.',
  getHealthReport: 'The health report: six metric sections with health bands and percentiles, metabolism, metabolic age, appendicular lean mass and skeletal muscle.',
  createBodyShapePrediction: 'The new prediction, status CREATED: poll it until READY.',
  getBodyShapePrediction: 'The prediction: its status and, once READY, the predicted weight, measurements and body composition.',
  deleteBodyShapePrediction: 'The deleted prediction; its files are gone too.',
  listBodyShapePredictions: 'Every prediction of the scan, newest first by default.',
  getBodyShapePredictionAssetUrls: 'The signed download address of the predicted body mesh (GLB).',
  liveness: 'The process answers.',
  readiness: 'The process can serve: its database answers and it is not shutting down.',
};
