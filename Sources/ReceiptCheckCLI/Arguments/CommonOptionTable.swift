/// The option every command takes.
enum CommonOptionTable {
    static let help = OptionKey<Bool>.flag("help", short: "h", help: "show this help")
}
