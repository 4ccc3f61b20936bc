// Journeys known to fail on Cairn because the server endpoints they need are not written yet.
// A listed journey still runs: its failure is reported as a KNOWN GAP (not hidden), and when it
// starts passing the run says so, so the entry can be removed.
const BACKUPS_API = "Cairn has no /api/backups yet (issue 10, built in parallel)";

export const knownGaps = {
  cairn: {
    "backups: create, download and upload": BACKUPS_API,
    "backups: restore": BACKUPS_API,
    "backups: delete": BACKUPS_API,
    "backups: a long backup shows the in-progress state": BACKUPS_API,
    "backups: options (auto backups and S3)": BACKUPS_API,
    "backups: accessibility (axe) of the page and its popups": BACKUPS_API,
    "settings: S3 files storage": "POST /api/settings/test/s3 does not connect to S3 yet (TODO(S3) in server/src/http/routes/settings.ts), so the status reads 'Failed to establish S3 connection'",
  },
  reference: {},
};
