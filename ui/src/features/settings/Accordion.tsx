import { useId, useState, type ReactNode } from "react";
import { Icon } from "../../components/Icon";

/** A collapsible section; the header is a button with aria-expanded. */
export function Accordion({ title, icon, extra, children, defaultOpen = false }: { title: ReactNode; icon?: ReactNode; extra?: ReactNode; children: ReactNode; defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={`accordion${open ? " open" : ""}`}>
      <button type="button" className="accordion-header" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {icon}
        <span>{title}</span>
        {extra}
        <Icon name="chevronDown" className="chevron" size={16} />
      </button>
      <div id={id} className="accordion-body" hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
