// Journeys known to fail on Cairn because the server endpoints they need are not written yet.
// A listed journey still runs: its failure is reported as a KNOWN GAP (not hidden), and when it
// starts passing the run says so, so the entry can be removed.
export const knownGaps = {
  cairn: {
    "settings: S3 files storage": "POST /api/settings/test/s3 does not connect to S3 yet (TODO(S3) in server/src/http/routes/settings.ts), so the status reads 'Failed to establish S3 connection'",
  },
  reference: {},
};
