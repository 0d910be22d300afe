#!/usr/bin/env bash
# Measures how many bugs that the tests were not written around each Java level catches: every
# patch here (one plausible mistake in one method of a correct port, written from the ports'
# sources alone, without reading the tests or the mutant corpus) is applied to a clean clone of
# the committed HEAD, and the family's Java-level entries for its correct variants (quick
# profile: jcstress, Lincheck, trace validation) run against it. A level catches a bug when one
# of those entries, expected to pass, fails or errs. Writes the table to OUTPUT (default
# docs/independent-bugs.md). Needs git, Maven, python3; about 2 minutes per bug on 2 cores.
# Usage: bench/independent-bugs/run.sh [OUTPUT]
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
OUTPUT="$(realpath -m "${1:-$ROOT/docs/independent-bugs.md}")"
. "$ROOT/bench/clean-clone.sh"
for patch in "$HERE"/[0-9]*.patch; do
  name="$(basename "$patch" .patch)"
  family="$(echo "$name" | cut -d- -f2)"
  git checkout -q -- java-models
  if ! git apply "$patch" 2> "$WORK/results/$name.err"; then
    echo "$name: does not apply to $COMMIT" >&2
    continue
  fi
  if ! mvn -B -q -DskipTests package -pl java-models > "$WORK/results/$name.build" 2>&1; then
    echo "$name: does not compile" > "$WORK/results/$name.err"
    continue
  fi
  touch cli/target/handoff-cli-*.jar # the CLI itself is unchanged: do not rebuild it
  variants="$(python3 -c "import json,sys; d=json.load(open('specs/$family/$family.json')); print(' '.join('--check ' + v for f in d['families'] if f['name'] == '$family' for v in f['variants']))")"
  echo "$name: ./handoff check $family --level jcstress --level lincheck --level crosscheck $variants" >&2
  ./handoff check "$family" --level jcstress --level lincheck --level crosscheck $variants --json \
      > "$WORK/results/$name.json" 2> "$WORK/results/$name.log" || true
done
git checkout -q -- java-models
JDK="$(java -version 2>&1 | head -1)"
python3 "$HERE/summarise.py" "$HERE/bugs.tsv" "$WORK/results" "$COMMIT" "$JDK" > "$OUTPUT"
echo "wrote $OUTPUT" >&2
