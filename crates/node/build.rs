//! The linker flags a Node-API addon needs (none on Linux, where node's
//! symbols are resolved when node loads the library).

fn main() {
    napi_build::setup();
}
