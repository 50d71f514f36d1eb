/** The avatars a member may choose (the security centre shows them); stored by id. */
export const avatarIds = Array.from(
  { length: 12 },
  (_, i) => `avatar-${String(i + 1).padStart(2, '0')}`,
);
