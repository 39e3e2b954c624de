// zengin-code (npm, MIT): the Zengin (全銀協) list of banks and branches by code, refreshed monthly by its authors.
declare module 'zengin-code' {
  interface ZenginEntry {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  const banks: Record<string, ZenginEntry & { branches: Record<string, ZenginEntry> }>;
  export default banks;
}
