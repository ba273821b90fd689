// The version of the analysis rules and the report's shape. Cached reports are
// keyed by it (db/analysis-cache.ts), so a report computed by an older version
// of Loopscope is recomputed, never served with missing or renamed fields.
// Raise it whenever a rule's result or a report field changes.
export const ANALYSIS_VERSION = 11;
