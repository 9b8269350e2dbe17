fn main() -> std::process::ExitCode {
    liar::app::run(liar::cli::parse())
}
