import { registerContext, registerFirstStep, registerSecondStep } from "./register";

/** The register page's two steps as posted: each step's fields and what travels with both. */
export const firstStepSchema = registerFirstStep.and(registerContext);
export const secondStepSchema = registerSecondStep.and(registerContext);
