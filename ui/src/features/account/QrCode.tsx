import { useEffect, useState } from "react";
import { Spinner } from "../../components/Spinner";

/**
 * The otpauth:// address drawn as a QR code, in the browser: the secret never leaves it for an
 * image service. `qrcode` loads on demand, so only this page pays for it.
 */
export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const [src, setSrc] = useState("");
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc("");
    import("qrcode")
      .then((m) => (m.default ?? m).toString(value, { type: "svg", margin: 2, errorCorrectionLevel: "M", color: { dark: "#000000", light: "#ffffff" } }))
      .then(
        (svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) return <p className="txt-hint">The QR code could not be drawn: enter the key by hand.</p>;
  // dark on white in both themes: scanners read that best
  return (
    <div className="qr-code" style={{ width: size, height: size }}>
      {src ? <img src={src} alt={label} width={size} height={size} /> : <Spinner label="Drawing the QR code..." />}
    </div>
  );
}
