import { Icon } from "../../components/Icon";
import { API_VERSION, APP_VERSION, DOCS_URL, RELEASES_URL } from "../../lib/version";

export function Footer() {
  return (
    <footer className="page-footer">
      <a href={DOCS_URL} target="_blank" rel="noopener noreferrer" className="footer-link">
        Docs <Icon name="external" size={12} />
      </a>
      <span className="footer-sep" aria-hidden="true">
        ·
      </span>
      <a href={RELEASES_URL} target="_blank" rel="noopener noreferrer" className="footer-link">
        Releases <Icon name="external" size={12} />
      </a>
      <span className="footer-sep" aria-hidden="true">
        ·
      </span>
      <span className="footer-version" title={`Speaks the PocketBase ${API_VERSION} HTTP API`}>
        Cairn v{APP_VERSION} (API {API_VERSION})
      </span>
    </footer>
  );
}
