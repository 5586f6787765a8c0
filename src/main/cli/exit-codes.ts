// The CLI's exit codes (a public interface): 0 all clear, 1 an alert is firing, 2 an error.
// Their own module so the entry can name them without loading a command.
export const EXIT_OK = 0
export const EXIT_FIRING = 1
export const EXIT_ERROR = 2
