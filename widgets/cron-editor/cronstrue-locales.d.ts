// cronstrue's locale files register themselves on the cronstrue instance and export nothing we use.
declare module 'cronstrue/locales/zh_CN.js'
declare module 'cronstrue/locales/zh_TW.js'
