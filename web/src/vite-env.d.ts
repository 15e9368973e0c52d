/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Analytics measurement id; when set, every page view pushes a `page_view` event. */
  readonly VITE_ANALYTICS_ID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
