/** The network feature (the gateway's settings) is reached through its pages; other features need nothing from it. */
export {};
