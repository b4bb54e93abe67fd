// esbuild bundles imported stylesheets into explorer.css; the import itself has no value.
declare module '*.css';
