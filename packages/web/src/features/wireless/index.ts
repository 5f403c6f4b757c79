/** The wireless feature (Wi-Fi policies) is reached through its page; other features need nothing from it. */
export {};
