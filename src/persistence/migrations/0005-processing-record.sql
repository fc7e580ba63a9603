-- Scans' processing records become the versioned ProcessingRecord (src/domain/processing-record.ts),
-- version 1, which every reader decodes and refuses when it does not fit. Rows written before carry
-- no version; their shape was {captureFormat, statureM, diagnostics, landmarks, fittedBody:
-- {parameters, fitErrorMmBySite}, bodyFit?, bodyfatMethodUsed}. They are rewritten here:
-- fitErrorMmBySite moves up beside fittedBody, fittedBody becomes the fitted-body record itself, or
-- null when what was kept was not a version-1 record (a scan fitted before the posable body model:
-- its predictions keep their numbers and have no body), and a missing bodyFit becomes null.
UPDATE scans SET processing = jsonb_build_object(
    'version', 1,
    'captureFormat', processing -> 'captureFormat',
    'statureM', processing -> 'statureM',
    'diagnostics', processing -> 'diagnostics',
    'landmarks', processing -> 'landmarks',
    'fittedBody', CASE WHEN processing -> 'fittedBody' -> 'parameters' -> 'version' = '1'::jsonb
                       THEN processing -> 'fittedBody' -> 'parameters' ELSE 'null'::jsonb END,
    'fitErrorMmBySite', processing -> 'fittedBody' -> 'fitErrorMmBySite',
    'bodyFit', COALESCE(processing -> 'bodyFit', 'null'::jsonb),
    'bodyfatMethodUsed', processing -> 'bodyfatMethodUsed')
  WHERE processing IS NOT NULL AND processing -> 'version' IS NULL;
