/** Payers are group 0; every other group is staff (admin 1, auditor 2, warehouse 3; DESIGN.md section 7). */
export const isStaffGroup = (group: number) => group !== 0;
