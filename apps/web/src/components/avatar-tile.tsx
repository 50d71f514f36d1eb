import { avatarIds } from '@taya/contracts';

/** Background and figure colours per avatar, in `avatarIds` order; light figures on deep tiles. */
const palette: readonly (readonly [string, string])[] = [
  ['#2563eb', '#dbeafe'],
  ['#0d9488', '#ccfbf1'],
  ['#16a34a', '#dcfce7'],
  ['#ca8a04', '#fef9c3'],
  ['#ea580c', '#ffedd5'],
  ['#dc2626', '#fee2e2'],
  ['#db2777', '#fce7f3'],
  ['#9333ea', '#f3e8ff'],
  ['#4f46e5', '#e0e7ff'],
  ['#0891b2', '#cffafe'],
  ['#475569', '#e2e8f0'],
  ['#65a30d', '#ecfccb'],
];

/** A small mark per avatar (24×24 grid) so tiles differ in shape as well as colour. */
const marks: readonly string[] = [
  'M12 4l2.4 5 5.6.8-4 3.9.9 5.5L12 16.6 7.1 19.2l.9-5.5-4-3.9 5.6-.8z',
  'M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6z',
  'M12 3l7 9-7 9-7-9z',
  'M4 16l4-8 4 5 3-3 5 6z',
  'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  'M5 5h14v14H5z',
  'M12 4l8 14H4z',
  'M12 4a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm0 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  'M4 12h4l2-6 4 12 2-6h4',
  'M7 4h10l3 6-8 10-8-10z',
  'M12 4v16M4 12h16M6.3 6.3l11.4 11.4M17.7 6.3L6.3 17.7',
  'M6 18c0-6 4-12 12-12 0 8-6 12-12 12zM6 18l6-6',
];

/**
 * One of the avatars a member may choose (contracts `avatarIds`), drawn in code: a coloured tile
 * with its own mark. Decoration: whatever shows it names it.
 */
export function AvatarTile({ id, size = 48 }: { id: string; size?: number }) {
  const index = Math.max(0, avatarIds.indexOf(id));
  const [background, figure] = palette[index % palette.length]!;
  const mark = marks[index % marks.length]!;
  const filled = index !== 8 && index !== 10;
  return (
    <svg
      className="avatar-tile"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="24" height="24" rx="12" fill={background} />
      <g transform="translate(3.6 3.6) scale(0.7)">
        <path
          d={mark}
          fill={filled ? figure : 'none'}
          fillRule="evenodd"
          stroke={figure}
          strokeWidth={filled ? 0 : 2}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}
