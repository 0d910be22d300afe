#!/usr/bin/env bash
# Measures how many weak-memory bugs that the weak-memory level was not written around it catches:
# every patch here (one plausible ordering mistake in one family's weak-memory spec, written from
# the *Weak.tla specs, the memory layer and the kernel sources alone, without reading the mutant
# corpus, its configs, the manifests or the docs) is applied to a clean clone of the committed
# HEAD, and the family's correct weak-memory models run against it: every one at 2 CPUs, and the
# quick profile's at 3. Per memory model (SC, TSO, WMO) the table says whether a model failed, and
# which memory model first shows the bug. Writes the table to OUTPUT (default
# docs/independent-weak-bugs.md). Needs git, Maven, python3; about a minute per bug on 2 cores.
# Usage: bench/independent-weak-bugs/run.sh [OUTPUT]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUTPUT="$(realpath -m "${1:-$ROOT/docs/independent-weak-bugs.md}")"
. "$ROOT/bench/clean-clone.sh"
for patch in "$HERE"/[0-9]*.patch; do
  name="$(basename "$patch" .patch)"
  family="$(echo "$name" | cut -d- -f2)"
  git checkout -q -- specs
  if ! git apply "$patch" 2> "$WORK/results/$name.err"; then
    echo "$name: does not apply to $COMMIT" >&2
    continue
  fi
  checks="$(python3 "$HERE/summarise.py" --models "$family")"
  echo "$name: ./handoff check $family --level tlc --profile full $checks" >&2
  ./handoff check "$family" --level tlc --profile full $checks --json \
      > "$WORK/results/$name.json" 2> "$WORK/results/$name.log" || true
done
git checkout -q -- specs
python3 "$HERE/summarise.py" "$HERE/bugs.tsv" "$WORK/results" "$COMMIT" > "$OUTPUT"
echo "wrote $OUTPUT" >&2
