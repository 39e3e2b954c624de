// The app's build resolves the package `i18next` here (vite.config.ts resolve.alias): the app translates with
// lib/translator.ts, and react-i18next imports only keyFromSelector from i18next at run time, for a function given as
// useTranslation's keyPrefix, which the app never passes. Importing i18next for it kept the whole library (its module
// makes its default instance when loaded): 16 KB of JavaScript gzip in every page's first load. Anything else imported
// from 'i18next' at run time fails the build (a missing export). Tests run with the real package.
export function keyFromSelector(): never {
  throw new Error('useTranslation: a keyPrefix selector needs i18next, which the app does not ship');
}
