// Journeys known to fail on Cairn because the server endpoints they need are not written yet.
// A listed journey still runs: its failure is reported as a KNOWN GAP (not hidden), and when it
// starts passing the run says so, so the entry can be removed.
const RECORDS_API = "record collections API (/api/collections/users/records, request-*/confirm-* auth record endpoints) not in Cairn yet";

export const knownGaps = {
  cairn: {
    "record verification page": RECORDS_API,
    "record password reset page": RECORDS_API,
    "record email change page": RECORDS_API,
  },
  reference: {},
};
