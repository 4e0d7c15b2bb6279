import { useEffect, useState } from 'react';

/** A QR code of `value` drawn as SVG squares (no markup injected), with `label` as its accessible name. */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const [matrix, setMatrix] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    // The encoder loads only when a QR code is shown (the set-up step).
    void import('uqr').then(({ encode }) => {
      if (live) setMatrix(encode(value, { ecc: 'M', border: 2 }).data);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!matrix) return <p role="status">Drawing the QR code…</p>;
  const size = matrix.length;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <rect width={size} height={size} fill="#fff" />
      {matrix.flatMap((row, y) =>
        row.map((dark, x) =>
          dark ? <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="#000" /> : null,
        ),
      )}
    </svg>
  );
}
