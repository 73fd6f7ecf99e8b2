// Part 3 of the fixture matrix (tests/integration/checks/fixture-matrix.ts): run beside fixtures.test.ts.
import { describeMatrixPart } from "./fixture-matrix";

describeMatrixPart(2);
