---------------------------- MODULE CNA_Override ----------------------------
(***************************************************************************)
(* A proposed CNA patch written as definition overrides: the module only   *)
(* defines the variant's own operators, and a config puts them in place of *)
(* CNA.tla's (Intra <- ResetIntra). No action is copied. TlcOverrideTest   *)
(* checks that TLC runs the replacement and that a bad override is one     *)
(* line before TLC runs.                                                   *)
(***************************************************************************)
EXTENDS CNA

\* The counter reset: every local hand-off starts the count again, so the
\* threshold is never reached (the kernel would write succ->intra_count = 0).
ResetIntra(k) == 0

\* A search policy that never searches (find_successor never called): with
\* v1's MaySkip, no hand-off is enabled and the queue head never passes.
NeverSearch(x) == FALSE

\* Not a policy: no argument, so it cannot stand in for Intra(_).
Zero == 0
=============================================================================
