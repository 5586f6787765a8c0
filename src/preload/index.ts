// placeholder, replaced by the shell work
export {}
