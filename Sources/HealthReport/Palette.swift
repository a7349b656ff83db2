/// Okabe and Ito's colours: told apart with every common form of colour blindness, and in grey
/// print by their lightness.
enum Palette {
    static let orange = "#E69F00"
    static let skyBlue = "#56B4E9"
    static let bluishGreen = "#009E73"
    static let yellow = "#F0E442"
    static let blue = "#0072B2"
    static let vermillion = "#D55E00"
    static let reddishPurple = "#CC79A7"
    static let grey = "#999999"

    /// For series with no colour of their own, in order.
    static let cycle = [blue, orange, bluishGreen, reddishPurple, skyBlue, vermillion, yellow, grey]
}
