/** The gear area's schemas, constants and texts (SPEC §3, §7, §8, §9). */
export {};
