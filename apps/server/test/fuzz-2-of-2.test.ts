import { fuzzEveryOperation } from "./fuzz-suite.ts";

// Half of the operations; fuzz-suite.ts says why the fuzzing is dealt between files.
fuzzEveryOperation(1, 2);
