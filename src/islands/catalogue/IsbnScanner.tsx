/**
 * Reads an ISBN's barcode with the phone's camera, where the browser has the Barcode
 * Detection API (Chrome on Android, among others); elsewhere the page offers only
 * the search box. The camera stops when the dialog closes or a barcode is read.
 */
import { useEffect, useRef, useState } from 'react';
import { parseIsbn } from '../../domain/books/isbn.ts';
import Dialog, { DialogClose } from '../ui/Dialog.tsx';

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** True when this browser can read barcodes from the camera. */
export function canScanBarcodes(): boolean {
  return detectorClass() !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** How often a frame is looked at. */
const SCAN_INTERVAL_MS = 250;

interface Props {
  onIsbn: (isbn13: string) => void;
  onClose: () => void;
}

/** The camera dialog (see the file comment). */
export default function IsbnScanner({ onIsbn, onClose }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const [message, setMessage] = useState('Starting the camera…');

  useEffect(() => {
    const Detector = detectorClass();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['ean_13'] });
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        setMessage('The camera could not be opened. Allow it for this site, or type the ISBN instead.');
        return;
      }
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setMessage('Hold the barcode on the back of the book in front of the camera.');
      timer = window.setInterval(() => {
        if (!video.current) return;
        void detector.detect(video.current).then(
          (codes) => {
            for (const code of codes) {
              const parsed = parseIsbn(code.rawValue);
              if (parsed.ok && !stopped) {
                stopped = true;
                onIsbn(parsed.isbn13);
                return;
              }
            }
          },
          () => undefined,
        );
      }, SCAN_INTERVAL_MS);
    })();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onIsbn]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Scan an ISBN" description={false}>
      <video
        ref={video}
        className="aspect-video w-full rounded-md bg-ink"
        muted
        playsInline
        aria-hidden="true"
      />
      <p role="status" className="mt-3 text-sm">
        {message}
      </p>
      <p className="mt-4 text-right">
        <DialogClose className="btn btn-outline">Cancel</DialogClose>
      </p>
    </Dialog>
  );
}
