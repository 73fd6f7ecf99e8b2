// monaco-editor ships no types for this internal module; this is its exact shape in 0.57.0.
declare module "monaco-editor/editor/browser/config/tabFocus" {
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(on: boolean): void;
    onDidChangeTabFocus(listener: (on: boolean) => void): { dispose(): void };
  };
}
