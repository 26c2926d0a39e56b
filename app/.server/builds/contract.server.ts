import { z } from "zod";

/** The builds' contract: the front end's version as the JSON API answers it (SPEC §7). */
export const frontVersionAnswer = z.string().describe("The front end's build version, compared as a string");
