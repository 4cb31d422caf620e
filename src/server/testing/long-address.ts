/**
 * A real-looking delivery address of 250 characters (a flat, a building, a road, an area and a
 * landmark, as Indian addresses are written), for checking that documents lay any address out.
 */
export const LONG_ADDRESS =
  'Flat 1204, Tower B, Prestige Shantiniketan Apartments, Whitefield Main Road, near ' +
  'ITPL Back Gate and opposite Hoodi Circle Bus Stop, Mahadevapura Post, behind Sri ' +
  'Sathya Sai Hospital, landmark: the blue water tank beside the temple gate, Phase 2 Bloc';
