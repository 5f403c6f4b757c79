import type { ModelPicture } from '@netloom/domain';
import type { ReactElement } from 'react';

/**
 * The device pictures of the supported-models page (§3 `deviceUrls` … `vector_img`): one small
 * vector illustration per kind of device, drawn here (no image files to fetch), in the console's
 * neutral greys with the brand blue for lights and ports.
 */
const BODY = '#f5f7fa';
const EDGE = '#c9d1dc';
const DARK = '#5b6b7f';
const LIGHT = '#1677ff';
const OK = '#52c41a';

const ports = (x: number, y: number, n: number, w = 9, gap = 4, fill = DARK) =>
  Array.from({ length: n }, (_, i) => x + i * (w + gap)).map((px) => (
    <rect key={`${px}-${y}`} x={px} y={y} width={w} height={7} rx={1.5} fill={fill} />
  ));

const ART: Record<ModelPicture, () => ReactElement> = {
  router: () => (
    <>
      <rect x={22} y={18} width={4} height={30} rx={2} fill={DARK} transform="rotate(-12 24 48)" />
      <rect x={94} y={18} width={4} height={30} rx={2} fill={DARK} transform="rotate(12 96 48)" />
      <rect x={16} y={46} width={88} height={30} rx={8} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <circle cx={30} cy={61} r={3} fill={OK} />
      <circle cx={42} cy={61} r={3} fill={LIGHT} />
      <circle cx={54} cy={61} r={3} fill={LIGHT} />
      <rect x={70} y={58} width={24} height={6} rx={3} fill={EDGE} />
    </>
  ),
  ap: () => (
    <>
      <ellipse cx={60} cy={62} rx={44} ry={14} fill={EDGE} />
      <ellipse cx={60} cy={56} rx={44} ry={14} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <ellipse cx={60} cy={56} rx={26} ry={7} fill="none" stroke={EDGE} strokeWidth={1.5} />
      <circle cx={60} cy={56} r={3.5} fill={LIGHT} />
      <path d="M48 30 a17 17 0 0 1 24 0" fill="none" stroke={LIGHT} strokeWidth={3} strokeLinecap="round" />
      <path d="M53 36 a9 9 0 0 1 14 0" fill="none" stroke={LIGHT} strokeWidth={3} strokeLinecap="round" />
    </>
  ),
  switch: () => (
    <>
      <rect x={8} y={40} width={104} height={28} rx={4} fill={BODY} stroke={EDGE} strokeWidth={2} />
      {ports(16, 46, 6)}
      {ports(16, 56, 6)}
      <rect x={94} y={46} width={11} height={8} rx={1.5} fill={LIGHT} />
      <rect x={94} y={56} width={11} height={8} rx={1.5} fill={LIGHT} />
      <circle cx={12.5} cy={64} r={1.5} fill={OK} />
    </>
  ),
  gateway: () => (
    <>
      <rect x={14} y={34} width={92} height={40} rx={6} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <rect x={22} y={42} width={30} height={8} rx={2} fill={EDGE} />
      <circle cx={26} cy={62} r={2.5} fill={OK} />
      <circle cx={34} cy={62} r={2.5} fill={LIGHT} />
      <rect x={60} y={44} width={12} height={8} rx={1.5} fill={LIGHT} />
      {ports(60, 58, 3, 9, 3)}
      <rect x={76} y={44} width={22} height={8} rx={1.5} fill={DARK} />
    </>
  ),
  cpe: () => (
    <>
      <rect x={57} y={62} width={6} height={22} rx={2} fill={DARK} />
      <rect x={36} y={18} width={48} height={48} rx={8} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <rect x={44} y={26} width={32} height={32} rx={4} fill="none" stroke={EDGE} strokeWidth={1.5} />
      <path d="M50 42 h20 M60 32 v20" stroke={EDGE} strokeWidth={1.5} />
      <circle cx={60} cy={42} r={3.5} fill={LIGHT} />
      <rect x={46} y={84} width={28} height={4} rx={2} fill={EDGE} />
    </>
  ),
  nvr: () => (
    <>
      <rect x={10} y={36} width={100} height={38} rx={4} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <rect x={18} y={44} width={38} height={10} rx={2} fill={EDGE} />
      <rect x={18} y={58} width={38} height={10} rx={2} fill={EDGE} />
      <circle cx={22} cy={49} r={2} fill={OK} />
      <circle cx={22} cy={63} r={2} fill={OK} />
      <rect x={66} y={46} width={36} height={4} rx={2} fill={DARK} />
      <rect x={66} y={54} width={26} height={4} rx={2} fill={EDGE} />
      <circle cx={98} cy={64} r={3} fill={LIGHT} />
    </>
  ),
  camera: () => (
    <>
      <rect x={22} y={22} width={10} height={36} rx={3} fill={DARK} />
      <rect x={14} y={56} width={26} height={6} rx={3} fill={EDGE} />
      <rect x={28} y={34} width={66} height={28} rx={10} fill={BODY} stroke={EDGE} strokeWidth={2} />
      <rect x={90} y={30} width={10} height={36} rx={4} fill={EDGE} />
      <circle cx={95} cy={48} r={7} fill={DARK} />
      <circle cx={95} cy={48} r={3} fill={LIGHT} />
      <circle cx={40} cy={42} r={2} fill={OK} />
    </>
  ),
};

/** A model's picture, 120 × 96 by default, decorative (the card names the model). */
export function DeviceArt({ picture, width = 120 }: { picture: ModelPicture; width?: number }) {
  const Draw = ART[picture];
  return (
    <svg viewBox="0 0 120 96" width={width} height={(width * 96) / 120} aria-hidden data-picture={picture}>
      <Draw />
    </svg>
  );
}
