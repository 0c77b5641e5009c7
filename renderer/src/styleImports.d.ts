// Stylesheets are imported for their side effect and bundled by Vite; TypeScript 7 checks that a
// side-effect import resolves to something it knows (noUncheckedSideEffectImports).
declare module '*.css';
